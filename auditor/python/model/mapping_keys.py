"""What a local dict passed as `**mapping` gives one keyword (`OpenAI(**client_kwargs)`):
read from the dict literals assigned to the name, and every other use of the name."""

from __future__ import annotations

import ast
from collections.abc import Collection, Sequence
from typing import Final

from auditor.python.model.ast_values import Function, descendants, dotted_name, parameter_names


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
    value is a dict literal of constant keys without it, the name is bound nowhere else
    (not a parameter either), and every other use of it reads it, passes it as `**name`
    or stores another constant key; None when not known."""
    if not values or (isinstance(scope, Function) and name in parameter_names(scope)):
        return None
    found: int | Absent = ABSENT
    for value in values:
        if _empty_mapping(value, scope):
            continue  # `dict()`, `AuthArgs()` of a `TypedDict`: keys come by subscript
        items = literal_items(value)
        if items is None:
            return None  # a call's result, `**other` in it: not known
        for item_key, item in items:
            if item_key == key:
                number = _integer(item)
                if number is None or found not in (ABSENT, number):
                    return None
                found = number
    return found if _only_read(scope, name, key, len(values)) else None


def literal_items(
    value: ast.expr, records: Collection[str] = ()
) -> list[tuple[str, ast.expr]] | None:
    """The keys and values of a mapping written out: a dict literal of constant string
    keys, `dict(key=value, …)`, or a call of a `TypedDict` class named in `records`
    (`Settings(llm=model)`); None for anything else (`**other` in it)."""
    if isinstance(value, ast.Dict):
        keys = [k.value if isinstance(k, ast.Constant) else None for k in value.keys]
        if all(isinstance(k, str) for k in keys):
            return list(zip(map(str, keys), value.values, strict=True))
        return None
    if (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Name)
        and (value.func.id == "dict" or value.func.id in records)
        and not value.args
        and all(k.arg is not None for k in value.keywords)
    ):
        return [(str(k.arg), k.value) for k in value.keywords]
    return None


def spread_items(
    values: Sequence[ast.expr], scope: ast.AST, name: str
) -> list[tuple[str, ast.expr]] | None:
    """The keys and values local dict `name` gives where it is spread (`options =
    dict(binary=BIN)`, then `run(p, **options)`): those of the one mapping written to it,
    when every other use of it reads it or spreads it (no key stored, no method that
    changes it); None when not known."""
    if len(values) != 1 or (isinstance(scope, Function) and name in parameter_names(scope)):
        return None
    items = literal_items(values[0])
    return items if items is not None and _only_read(scope, name, None, 1) else None


def _empty_mapping(value: ast.expr, scope: ast.AST) -> bool:
    """Whether a value is a new empty mapping: `dict()`, or a call without arguments of a
    `TypedDict` class the scope defines (`auth_args = AuthArgs()`)."""
    if not isinstance(value, ast.Call) or value.args or value.keywords:
        return False
    if not isinstance(value.func, ast.Name):
        return False
    if value.func.id == "dict":
        return True
    return any(
        isinstance(node, ast.ClassDef)
        and node.name == value.func.id
        and any((dotted_name(base) or "").endswith("TypedDict") for base in node.bases)
        for node in descendants(scope)
    )


def _only_read(scope: ast.AST, name: str, key: str | None, assignments: int) -> bool:
    """Whether the name is assigned `assignments` times and otherwise only read, passed as
    `**name`, or given (or rid of) another constant key than `key` (`kwargs["timeout"] =
    5`, `kwargs.pop("top_p")`; none with `key` None): no alias, no other method that
    changes it, no call it is handed to."""
    allowed: set[int] = set()
    other_keys: set[int] = set()  # `kwargs.pop("top_p")`: a method on another key
    stores = 0
    for node in descendants(scope):
        if isinstance(node, ast.keyword) and node.arg is None and _named(node.value, name):
            allowed.add(id(node.value))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in _KEYED
            and node.args
            and _other_key(node.args[0], key)
        ):
            other_keys.add(id(node.func))
        elif isinstance(node, ast.Attribute) and _named(node.value, name):
            if node.attr not in _READS and id(node) not in other_keys:
                return False
            allowed.add(id(node.value))
        elif isinstance(node, ast.Subscript) and _named(node.value, name):
            written = not isinstance(node.ctx, ast.Load)
            if written and not _other_key(node.slice, key):
                return False
            allowed.add(id(node.value))
        elif isinstance(node, ast.Name) and node.id == name:
            if isinstance(node.ctx, ast.Store):
                stores += 1
            elif isinstance(node.ctx, ast.Del) or id(node) not in allowed:
                return False  # (descendants yields a parent before its children)
    return stores == assignments


_KEYED = frozenset({"pop", "setdefault"})  # methods that change one key, their first argument


def _other_key(node: ast.expr, key: str | None) -> bool:
    return (
        key is not None
        and isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and node.value != key
    )


def _named(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _integer(node: ast.expr) -> int | None:
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    return None


def key_set_before(scope: ast.AST, call: ast.Call, name: str, key: str) -> ast.expr | None:
    """The value the statements that run before `call` on every path set local dict
    `name`'s `key` to, after the last assignment of the name on that way
    (`params.update(num_retries=0)`, `params["num_retries"] = 0`); None when none does.
    Only statements that always run before the call's own are read: those before it in
    its block and in each block around it, not the branches of an `if` beside it."""
    path = _statement_path(scope, call)
    for block, index in reversed(path):
        for statement in reversed(block[:index]):
            found = _set_key(statement, name, key)
            if found is not None:
                return found
            if _binds(statement, name):
                return None
    return None


def _statement_path(scope: ast.AST, call: ast.Call) -> list[tuple[list[ast.stmt], int]]:
    """Each block from the scope's body down to the statement holding `call`, with the
    index of the statement within it that holds the call."""
    path: list[tuple[list[ast.stmt], int]] = []
    blocks: list[list[ast.stmt]] = [getattr(scope, "body", [])]
    while blocks:
        block = blocks.pop()
        for index, statement in enumerate(block):
            if not _holds(statement, call):
                continue
            path.append((block, index))
            inner = [
                getattr(statement, field)
                for field in ("body", "orelse", "finalbody")
                if isinstance(getattr(statement, field, None), list)
            ]
            inner += [h.body for h in getattr(statement, "handlers", ())]
            inner += [c.body for c in getattr(statement, "cases", ())]
            blocks = [b for b in inner if any(_holds(s, call) for s in b)][:1]
            break
    return path


def _holds(statement: ast.stmt, call: ast.Call) -> bool:
    """Whether a statement's span holds the call (by line and column: two statements may
    share a line), and it is not a nested scope's."""
    start = (statement.lineno, statement.col_offset)
    end = (statement.end_lineno or statement.lineno, statement.end_col_offset or 0)
    inside = start <= (call.lineno, call.col_offset) < end
    return inside and not isinstance(
        statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
    )


def _set_key(statement: ast.stmt, name: str, key: str) -> ast.expr | None:
    """The value a statement sets `name[key]` to: `name.update(key=…)`,
    `name.update({"key": …})` or `name["key"] = …`."""
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
        call = statement.value
        func = call.func
        if isinstance(func, ast.Attribute) and func.attr == "update" and _named(func.value, name):
            given = {k.arg: k.value for k in call.keywords if k.arg is not None}
            if call.args and isinstance(call.args[0], ast.Dict):
                items = zip(call.args[0].keys, call.args[0].values, strict=True)
                given |= {
                    k.value: v
                    for k, v in items
                    if isinstance(k, ast.Constant) and isinstance(k.value, str)
                }
            return given.get(key)
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
        target = statement.targets[0]
        if (
            isinstance(target, ast.Subscript)
            and _named(target.value, name)
            and isinstance(target.slice, ast.Constant)
            and target.slice.value == key
        ):
            return statement.value
    return None


def _binds(statement: ast.stmt, name: str) -> bool:
    """Whether a statement (or a block in it) binds the name anew."""
    return any(
        isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store)
        for node in ast.walk(statement)
    )
