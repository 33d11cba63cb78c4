from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from .runners import EchoRunner


def review(runner: EchoRunner, prompt: str) -> str | None:
    for attempt in range(3):
        ok, output = runner.run(prompt)
        if ok:
            return output
    return None


class Quiet(Protocol):
    def run(self, prompt: str) -> tuple[bool, str]: ...

    def close(self) -> None: ...


def review_quiet(runner: Quiet, prompt: str) -> str | None:
    """A protocol no class of the tree implements whole (none has `close`)."""
    for attempt in range(3):
        ok, output = runner.run(prompt)
        if ok:
            return output
    return None
