"""Python 3.14's `except` of several classes without parentheses (PEP 758) is read as
the classes it lists: the loop re-runs the agent after any of them."""

import subprocess
import time


def fix(task: str) -> None:
    for attempt in range(3):  # expect: RA301(error)
        try:
            subprocess.run(["claude", "-p", task], check=True)
            return
        except subprocess.CalledProcessError, OSError:
            time.sleep(2**attempt)
