"""What a local dict passed as `**mapping` gives one keyword (`OpenAI(**client_kwargs)`):
read from the dict literals assigned to the name and every change made to it after."""

from __future__ import annotations

import ast
from collections.abc import Sequence
from typing import Final

from auditor.python.model.ast_values import descendants


class Absent:
    """The keyword is known not to be in the mapping."""

    def __repr__(self) -> str:
        return "ABSENT"


ABSENT: Final = Absent()
_READS = frozenset({"get", "copy", "items", "keys", "values"})


def mapping_key(
    values: Sequence[ast.expr], scope: ast.AST, name: str, key: str
) -> int | Absent | None:
    """What local dict `name` holds at `key`, given the values assigned to it (`values`)
    and the function (or module) it is local to: a literal integer; `ABSENT` when each
    value is a dict literal of constant keys without it and nothing in `scope` sets a key
    of it other than by a constant key that is another; None when not known."""
    found: int | Absent = ABSENT
    if not values:
        return None
    for value in values:
        if not isinstance(value, ast.Dict) or not all(
            isinstance(k, ast.Constant) and isinstance(k.value, str) for k in value.keys
        ):
            return None  # `dict(…)`, a call's result, `**other` in it: not known
        for item_key, item in zip(value.keys, value.values, strict=True):
            if isinstance(item_key, ast.Constant) and item_key.value == key:
                number = _integer(item)
                if number is None or found not in (ABSENT, number):
                    return None
                found = number
    for node in descendants(scope):
        if _changes(node, name, key):
            return None
    return found


def _changes(node: ast.AST, name: str, key: str) -> bool:
    """Whether `node` may set `key` of dict `name`: a store by a key that is not another
    constant, `|=`, `del`, a method that is no read, or handing it to a call."""
    if isinstance(node, ast.Assign):
        return any(
            isinstance(t, ast.Subscript)
            and _named(t.value, name)
            and not (
                isinstance(t.slice, ast.Constant)
                and isinstance(t.slice.value, str)
                and t.slice.value != key
            )
            for t in node.targets
        )
    if isinstance(node, ast.AugAssign):
        return _named(node.target, name) or (
            isinstance(node.target, ast.Subscript) and _named(node.target.value, name)
        )
    if isinstance(node, ast.Delete):
        return any(isinstance(t, ast.Subscript) and _named(t.value, name) for t in node.targets)
    if isinstance(node, ast.Call):
        func = node.func
        if isinstance(func, ast.Attribute) and _named(func.value, name):
            return func.attr not in _READS
        given = [*node.args, *(k.value for k in node.keywords if k.arg is not None)]
        return any(_named(argument, name) for argument in given)
    return False


def _named(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _integer(node: ast.expr) -> int | None:
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    return None
