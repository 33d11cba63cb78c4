"""Near miss: the same unparenthesised `except` (PEP 758) logs the failure and raises it
again: the loop goes round only after a run that succeeded and left work to do."""

import logging
import subprocess


def fix(tasks: list[str]) -> None:
    for task in tasks:
        try:
            subprocess.run(["claude", "-p", task], check=True)
        except subprocess.CalledProcessError, OSError:
            logging.exception("claude failed on %s", task)
            raise
