"""Walking one loop iteration as a set of paths: shared by the shell and Python walkers.

A path is where one way through the code has got to (`outcome`) and what it
knows on the way; only a path that falls through a statement goes on to the
next one (the others broke, continued, exited or raised).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol, TypeVar

FALL = "fall"  # the outcome of a path that goes on to the next statement
MAX_PATHS = 64  # paths kept through a block: beyond this, more add nothing but time


class Path(Protocol):
    """What the walkers' path records have in common."""

    @property
    def outcome(self) -> str: ...


P = TypeVar("P", bound=Path)
N = TypeVar("N")


def through_block(
    nodes: Iterable[N],
    start: P,
    step: Callable[[N, P], list[P]],
    join: Callable[[list[P]], list[P]] | None = None,
) -> list[P]:
    """The paths out of a block of statements walked from `start` (`step` walks one).

    `join` merges the paths after each statement (a dataflow's join); without one,
    equal paths are kept once and at most `MAX_PATHS` go on."""
    paths = [start]
    for node in nodes:
        done = [p for p in paths if p.outcome != FALL]
        for path in (p for p in paths if p.outcome == FALL):
            done += step(node, path)
        paths = join(done) if join is not None else list(dict.fromkeys(done))[:MAX_PATHS]
    return paths
