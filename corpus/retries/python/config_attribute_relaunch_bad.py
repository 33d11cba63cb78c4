"""An agent named by an attribute of a config object, re-launched after every failure
(RA301): the value a class gives the attribute (set in `__init__`, a class attribute, a
dataclass default) is the agent that runs."""

import os
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path


class Config:
    def __init__(self) -> None:
        self.claude_path = Path(os.getenv("CLAUDE_PATH", "claude"))
        self.prompt = "Continue the task"


def run_once(config):
    proc = subprocess.run([str(config.claude_path), "-p", config.prompt])
    return proc.returncode == 0


def run_with_retries(config) -> bool:
    for attempt in range(3):  # expect: RA301(error)
        if run_once(config):
            return True
        time.sleep(5)
    return False


@dataclass
class Settings:
    binary: str = field(default="gptme")
    model: str = "anthropic"


class Worker:
    command = ["aider", "--yes-always"]

    def __init__(self) -> None:
        self.settings = Settings()

    def run_until_done(self, task: str) -> None:
        while True:  # expect: RA301(error)
            rc = subprocess.call([self.settings.binary, "--non-interactive", task])
            if rc == 0:
                break
            time.sleep(10)

    def edit(self, message: str) -> None:
        for attempt in range(5):  # expect: RA301(error)
            if subprocess.run(self.command + ["--message", message]).returncode == 0:
                return
