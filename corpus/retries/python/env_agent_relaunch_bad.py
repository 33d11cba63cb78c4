"""An agent named through the environment, re-launched after every failure (RA301): the
lookup's default (`Path(os.getenv("CLAUDE_PATH", "claude"))`) is the agent that runs."""

import os
import shutil
import subprocess
import time
from pathlib import Path


def keep_trying(prompt: str) -> None:
    claude = Path(os.getenv("CLAUDE_PATH", "claude"))
    while True:  # expect: RA301(error)
        if subprocess.run([claude, "-p", prompt]).returncode != 0:
            time.sleep(30)
            continue
        break


def keep_trying_environ(prompt: str) -> None:
    for attempt in range(10):  # expect: RA301(error)
        proc = subprocess.run([os.environ.get("CLAUDE_BIN", "claude"), "-p", prompt])
        if proc.returncode != 0:
            continue
        return


def keep_trying_which(prompt: str) -> int:
    exe = shutil.which(os.getenv("CLAUDE_BIN", "claude")) or "claude"
    for attempt in range(5):  # expect: RA301(error)
        rc = subprocess.call([exe, "--print", prompt])
        if rc == 0:
            return 0
        time.sleep(2**attempt)
    return 1
