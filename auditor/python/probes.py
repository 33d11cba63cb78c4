"""Runs of an agent's program that only ask about it: `gptme --version`, `claude --help`.

Such a run prints and exits; it starts no session and runs no tool, so it is not
an agent run for any rule (its status is not an agent's, a loop around it
re-runs no step).
"""

from __future__ import annotations

from collections.abc import Sequence

PROBE_FLAGS = frozenset({"--version", "-V", "--help", "-h"})


def is_probe(arguments: Sequence[str | None]) -> bool:
    """Whether an agent's arguments (the words after its program) ask for its version or
    help: a probe flag before any `--`."""
    for word in arguments:
        if word == "--":
            return False
        if word in PROBE_FLAGS:
            return True
    return False
