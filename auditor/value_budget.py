"""The memory one file's values may take: one budget, charged where values are built.

Each value has a size cap of its own (the shell's `MAX_VALUE_SIZE`, Python's
`MAX_TEXT`), but many distinct values under the cap still add up: 20,000
variables of 128 KiB each hold 2.6 GB. So the shell model (`auditor.shell.words`)
and the Python string resolver (`auditor.python.model.strings`) charge what
each value they build takes to the budget of the file being audited
(`Auditor.audit_source` opens one per file); past it, a value they would build
is opaque instead, unknown as one that depends on the run, and the analysis
goes on. The shell model's charges are never refunded (what it built bounds
what it holds); the resolver's memo is refunded when it forgets its values
(`Held`), since it resolves a value again under each set of choices. Outside
a file's audit (a test building a model directly) nothing is charged.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

# Bytes of values one file may build. No real runner file comes near it (the largest
# in the corpus and the gptme trees builds well under 1 MiB); with the interpreter,
# the parse trees and the models, a worker stays under a few hundred MiB.
MAX_FILE_VALUE_BYTES = 64 * 1024 * 1024


class ValueBudget:
    """What one file's values may still take, in bytes."""

    __slots__ = ("exhausted", "limit", "spent")

    def __init__(self, limit: int = MAX_FILE_VALUE_BYTES) -> None:
        self.limit = limit
        self.spent = 0
        self.exhausted = False  # a value was refused: some values are opaque

    def spend(self, size: int) -> bool:
        """Charge `size` bytes; False (and nothing charged) when they do not fit."""
        if self.spent + size > self.limit:
            self.exhausted = True
            return False
        self.spent += size
        return True

    def refund(self, size: int) -> None:
        """Give back bytes charged for values no longer held."""
        self.spent -= size


_CURRENT: ContextVar[ValueBudget | None] = ContextVar("value_budget", default=None)


@contextmanager
def value_budget(limit: int = MAX_FILE_VALUE_BYTES) -> Iterator[ValueBudget]:
    """Charge the values built in the block to a budget of their own."""
    budget = ValueBudget(limit)
    token = _CURRENT.set(budget)
    try:
        yield budget
    finally:
        _CURRENT.reset(token)


def current_budget() -> ValueBudget | None:
    """The budget values are charged to here, if one is open."""
    return _CURRENT.get()


def afford(size: int) -> bool:
    """Charge `size` bytes of a value about to be kept; False past the budget (keep the
    value opaque instead)."""
    budget = _CURRENT.get()
    return budget is None or budget.spend(size)


class Held:
    """The values one memo keeps, charged to the budget open when it was made: as it
    keeps each, refunded when it forgets them or is itself dropped."""

    __slots__ = ("_budget", "size")

    def __init__(self) -> None:
        self._budget = _CURRENT.get()
        self.size = 0

    def keep(self, size: int) -> bool:
        """Charge `size` bytes of a value about to be kept; False past the budget."""
        if self._budget is not None and not self._budget.spend(size):
            return False
        self.size += size
        return True

    def release(self) -> None:
        """The memo forgot what it kept."""
        if self._budget is not None:
            self._budget.refund(self.size)
        self.size = 0

    def __del__(self) -> None:
        self.release()
