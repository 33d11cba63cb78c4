"""The same flag read by a loop over tasks: a failed run stops the work, nothing is
re-run."""

import subprocess
import sys


def commit_changes(task: str) -> bool:
    proc = subprocess.run(["claude", "-p", task], capture_output=True, text=True)
    if proc.returncode != 0:
        return False
    return "<SUCCESS>" in proc.stdout


def commit_all(tasks: list[str]) -> None:
    for task in tasks:
        if not commit_changes(task):
            sys.exit(1)
