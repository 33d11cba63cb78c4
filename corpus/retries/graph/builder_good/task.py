import logging

from .commands import ClaudeCommand
from .process import Process


def solve(prompt, repo):
    """One run: a failed run is reported, never repeated."""
    command = ClaudeCommand(prompt).build()
    try:
        return Process.run(command, repo)
    except Exception:
        logging.exception("the agent failed")
    return None
