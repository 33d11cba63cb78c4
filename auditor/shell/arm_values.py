"""The values the arms of an `if` or `case` (or the right operand of an `&&`/`||` list,
taken or not) leave a variable with, joined where the walk leaves the statement.

The shell model walks a script once, in source order, so after `if …; then A=claude;
else A=echo; fi` it shows the last arm's value. Each arm's value is a value `A` may hold
after the statement (an arm that does not assign it leaves the value from before), so
they become the variable's alternatives there (`assignments.add_alternatives`), and not
before: inside the `else` arm, `A` is `echo` only.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, MutableMapping
from contextlib import contextmanager

from auditor.shell.assignments import add_alternatives, values_held
from auditor.shell.decide import catch_all
from auditor.shell.parse import THEN, Node, arm_of
from auditor.shell.words import ALTERNATIVES_SUFFIX, Value, is_output_key, spelling

_NONE_TAKEN = -2  # the arm bash takes when no branch matches (no `else`, no `*)`)
_BEFORE = -3  # a list's left operand: it runs on every path, before the arm


class _Statement:
    """One `if` or `case` being walked: its arms, and what each left the variables with."""

    def __init__(self, statement: Node, env: Mapping[str, Value]) -> None:
        children = statement.named_children
        # `a && B=1`, `a || B=1`: the right operand is an arm, taken or not; the left one
        # always runs, before the statement's arms
        self.right = children[-1].id if statement.type == "list" and len(children) > 1 else None
        arms = [arm for c in children if (arm := self.arm_of(c)) not in (THEN, _BEFORE)]
        if statement.type == "list":
            arms.append(_NONE_TAKEN)
        elif statement.type == "if_statement":
            arms.insert(0, THEN)
            if not any(c.type == "else_clause" for c in children):
                arms.append(_NONE_TAKEN)
        elif not catch_all(statement):
            arms.append(_NONE_TAKEN)
        self.arms = arms
        self.current = _BEFORE if statement.type == "list" else THEN
        self.before = dict(env)  # the variables before the statement
        self.start = self.before  # ... and where the current arm started
        # arm -> variable -> the values it may hold there
        self.written: dict[int, dict[str, tuple[Value | None, ...]]] = {}

    def arm_of(self, child: Node) -> int:
        """The arm a child is in (`parse.arm_of`; a list's left operand is in none)."""
        if self.right is None:
            return arm_of(child)
        return child.id if child.id == self.right else _BEFORE

    def close_arm(self, env: Mapping[str, Value]) -> None:
        """The current arm ends: what it changed, however (an assignment, a function's
        at its call, `unset`, `read`, `${A:=…}`, an `if` inside it), is its values of
        those variables."""
        start = self.start
        changed = [
            name
            for name in _names(env.keys() | start.keys())
            if values_held(env, name) != values_held(start, name)
        ]
        if changed:
            arm = self.written.setdefault(self.current, {})
            arm.update((name, values_held(env, name)) for name in changed)


class ArmValues:
    """The `if`s and `case`s the walk is inside, innermost last."""

    def __init__(self) -> None:
        self._open: list[_Statement] = []

    def enter(self, statement: Node, env: Mapping[str, Value]) -> None:
        self._open.append(_Statement(statement, env))

    def arm(self, child: Node, env: Mapping[str, Value]) -> None:
        """The walk goes into a child of the innermost statement: the arm it is in."""
        if not self._open:
            return
        statement = self._open[-1]
        arm = statement.arm_of(child)
        if arm != statement.current:
            statement.close_arm(env)
            if statement.current == _BEFORE:  # what the left operand set holds on every path
                statement.before = dict(env)
            statement.current, statement.start = arm, dict(env)

    def leave(self, env: MutableMapping[str, Value]) -> None:
        """The walk leaves the innermost statement: each variable an arm changed may hold
        the value of every arm (one that leaves it unknown adds none)."""
        statement = self._open.pop()
        statement.close_arm(env)
        names = {name for written in statement.written.values() for name in written}
        for name in names:
            before = values_held(statement.before, name)
            if before[0] is None:  # known in part before (`C="$BIN -p"`): what is known of it
                before = (spelling(statement.before, name), *before[1:])
            values = [
                value
                for arm in statement.arms
                for value in statement.written.get(arm, {}).get(name, before)
            ]
            held = [value for value in values if value is not None]  # strings and arrays
            if held and len(held) < len(values):
                env.pop(name, None)  # unknown on a path: no arm's value is the one it holds
            if len(set(held)) > 1 or (held and len(held) < len(values)):
                add_alternatives(env, name, held)

    @contextmanager
    def suspended(self) -> Iterator[None]:
        """A function body is walked where it is defined: its assignments reach the script
        where it is called, not in the arm that defines it."""
        held, self._open = self._open, []
        try:
            yield
        finally:
            self._open = held


def _names(keys: Iterable[str]) -> set[str]:
    """The variables whose values entries of the variables hold: a variable's own value,
    or its values on other paths; not another fact kept beside it under a suffix
    (`words.SET_SUFFIX`), nor what a function prints."""
    names = {key.removesuffix(ALTERNATIVES_SUFFIX) for key in keys}
    return {name for name in names if "\0" not in name and not is_output_key(name)}
