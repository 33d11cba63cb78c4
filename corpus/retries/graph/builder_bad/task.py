import logging

from .commands import ClaudeCommand
from .process import Process


def solve(prompt, repo):
    command = ClaudeCommand(prompt).build()
    for attempt in range(3):  # expect: RA301
        try:
            return Process.run(command, repo)
        except Exception:
            logging.exception("attempt %d failed", attempt)
    return None
