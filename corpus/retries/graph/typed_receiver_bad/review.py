from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .protocols import Runner
    from .runners import ClaudeRunner


def review(runner: ClaudeRunner, prompt: str) -> str | None:
    for attempt in range(3):  # expect: RA301(error)
        ok, output = runner.run(prompt)
        if ok:
            return output
    return None


def review_any(runner: Runner, prompt: str) -> str | None:
    """A protocol's implementers need not subclass it: each class defining its methods."""
    for attempt in range(3):  # expect: RA301(error)
        ok, output = runner.run(prompt)
        if ok:
            return output
    return None
