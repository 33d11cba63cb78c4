"""The values the arms of an `if` or `case` leave a variable with, joined where the walk
leaves the statement.

The shell model walks a script once, in source order, so after `if …; then A=claude;
else A=echo; fi` it shows the last arm's value. Each arm's value is a value `A` may hold
after the statement (an arm that does not assign it leaves the value from before), so
they become the variable's alternatives there (`assignments.add_alternatives`), and not
before: inside the `else` arm, `A` is `echo` only.
"""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping
from contextlib import contextmanager

from auditor.shell.assignments import add_alternatives
from auditor.shell.decide import catch_all
from auditor.shell.parse import Node
from auditor.shell.words import Value

_ARMS = frozenset({"elif_clause", "else_clause", "case_item"})
_THEN = -1  # the arm of an `if`'s condition and `then` part
_NONE_TAKEN = -2  # the arm bash takes when no branch matches (no `else`, no `*)`)


class _Statement:
    """One `if` or `case` being walked: its arms, and what each assigned."""

    def __init__(self, statement: Node) -> None:
        children = statement.named_children
        arms = [c.id for c in children if c.type in _ARMS]
        if statement.type == "if_statement":
            arms.insert(0, _THEN)
            if not any(c.type == "else_clause" for c in children):
                arms.append(_NONE_TAKEN)
        elif not catch_all(statement):
            arms.append(_NONE_TAKEN)
        self.arms = arms
        self.current = _THEN
        self.before: dict[str, Value | None] = {}  # each variable assigned, before it
        self.written: dict[int, dict[str, Value | None]] = {}  # arm -> variable -> value


class ArmValues:
    """The `if`s and `case`s the walk is inside, innermost last."""

    def __init__(self) -> None:
        self._open: list[_Statement] = []

    def enter(self, statement: Node) -> None:
        self._open.append(_Statement(statement))

    def arm(self, child: Node) -> None:
        """The walk goes into a child of the innermost statement: the arm it is in."""
        if self._open:
            self._open[-1].current = child.id if child.type in _ARMS else _THEN

    def wrote(self, name: str, before: Value | None, after: Value | None) -> None:
        """An assignment in the innermost statement's current arm."""
        if self._open:
            self._record(self._open[-1], name, before, after)

    def leave(self, env: MutableMapping[str, Value]) -> None:
        """The walk leaves the innermost statement: each variable an arm assigned may hold
        the value of every arm."""
        statement = self._open.pop()
        for name, before in statement.before.items():
            values = [statement.written.get(arm, {}).get(name, before) for arm in statement.arms]
            held = [value for value in values if value is not None]  # strings and arrays
            if len(set(held)) > 1:
                add_alternatives(env, name, held)
            if self._open:
                self._record(self._open[-1], name, before, env.get(name))

    @contextmanager
    def suspended(self) -> Iterator[None]:
        """A function body is walked where it is defined: its assignments reach the script
        where it is called, not in the arm that defines it."""
        held, self._open = self._open, []
        try:
            yield
        finally:
            self._open = held

    @staticmethod
    def _record(
        statement: _Statement, name: str, before: Value | None, after: Value | None
    ) -> None:
        statement.before.setdefault(name, before)
        statement.written.setdefault(statement.current, {})[name] = after
