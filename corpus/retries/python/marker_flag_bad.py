"""A function returns `False` after a failed run and, after a run that succeeded, whether
its output holds a marker: it is false after every failure, so a loop that goes round
until it says true re-runs a failed agent."""

import subprocess
import sys


def commit_changes(task: str) -> bool:
    proc = subprocess.run(["claude", "-p", task], capture_output=True, text=True)
    if proc.returncode != 0:
        print(proc.stderr, file=sys.stderr)
        return False
    return "<SUCCESS>" in proc.stdout


def commit_if_needed(task: str) -> bool:
    for attempt in range(2):  # expect: RA301(error)
        if commit_changes(task):
            return True
    sys.exit(1)
