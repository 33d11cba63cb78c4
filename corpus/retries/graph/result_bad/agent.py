import enum
import subprocess
from dataclasses import dataclass


class Status(enum.Enum):
    OK = "ok"
    FAILED = "failed"


@dataclass
class RunResult:
    success: bool
    output: str


@dataclass
class Outcome:
    status: Status
    log: str


def run_agent(task):
    proc = subprocess.run(["claude", "-p", task], capture_output=True, text=True)
    return RunResult(success=proc.returncode == 0, output=proc.stdout)


def run_codex(task):
    proc = subprocess.run(["codex", "exec", task], capture_output=True, text=True)
    status = Status.OK if proc.returncode == 0 else Status.FAILED
    return Outcome(status=status, log=proc.stdout)
