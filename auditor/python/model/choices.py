"""Every value a resolution can take, when a name has more than one reaching definition.

A resolver asks `Choices.pick` which of a name's definitions to follow; the
first run takes the first of each (the one a single-value resolution
follows), and `Choices.each` runs the resolution again for every other
combination of the choices it met, up to a limit. Nothing here knows about
syntax trees: the per-file resolver (auditor/python/model/strings.py) and the
project index's pre-pass (auditor/python/runner/summary.py) both use it.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable
from typing import TypeVar

T = TypeVar("T")
MAX_VALUES = 8  # values of one expression: beyond this, more add nothing but time
_GENERATIONS = itertools.count(1)


class Choices:
    """The choice made at each fork (a name with several definitions) of a resolution."""

    def __init__(self) -> None:
        self._fixed: dict[Hashable, int] = {}
        self._met: list[tuple[Hashable, int]] = []
        # Which choices are in force: a resolver may keep what it resolved under one
        # generation, and must drop it when the generation changes.
        self.generation = 0

    def pick(self, fork: Hashable, count: int) -> int:
        """Which of `count` alternatives to follow at `fork` in this run (0: the first)."""
        if count > 1 and fork not in self._fixed:
            self._met.append((fork, count))
        return self._fixed.get(fork, 0)

    def each(self, resolve: Callable[[], T | None], limit: int = MAX_VALUES) -> list[T]:
        """The values `resolve` gives over every combination of choices (None ones left
        out), the first-choice value first."""
        found: list[T] = []
        pending: list[dict[Hashable, int]] = [{}]
        runs = 0
        saved = self._fixed, self._met, self.generation
        try:
            while pending and len(found) < limit and runs < 4 * limit:
                fixed = pending.pop(0)
                self._fixed, self._met, self.generation = fixed, [], next(_GENERATIONS)
                value = resolve()
                runs += 1
                if value is not None and value not in found:
                    found.append(value)
                earlier: dict[Hashable, int] = {}
                for fork, count in self._met:
                    if fork in fixed or fork in earlier:
                        continue
                    pending += [{**fixed, **earlier, fork: k} for k in range(1, count)]
                    earlier[fork] = 0
        finally:
            self._fixed, self._met, self.generation = saved
        return found
