"""Whether a function never returns to its caller: every way through its body ends in a
`raise` or an exit (`sys.exit`, `os._exit`, or a call of a function that never returns
itself: `handle_error(msg)` whose body prints and exits)."""

from __future__ import annotations

import ast
from collections.abc import Callable

from auditor.python.model.ast_values import Function, dotted_name, own_nodes
from auditor.python.model.module import PythonModule

EXITS = frozenset({"sys.exit", "exit", "quit", "os._exit", "os.abort"})

Stops = Callable[[ast.Call], bool]  # whether a call never returns


def never_returns(function: Function, stops: Stops) -> bool:
    """Whether no way through `function` returns: it has no `return` and no `yield`, and
    its body cannot run to its end."""
    if not _never_ends(function.body, stops):
        return False  # (first: most bodies end in a `return` or run to their end)
    return not any(
        isinstance(n, ast.Return | ast.Yield | ast.YieldFrom) for n in own_nodes(function)
    )


def _never_ends(body: list[ast.stmt], stops: Stops) -> bool:
    """Whether a block (with no `return` in it) cannot run to its end."""
    return any(_stops(statement, stops) for statement in body)


def _stops(node: ast.stmt, stops: Stops) -> bool:
    if isinstance(node, ast.Raise):
        return True
    if isinstance(node, ast.Expr) and isinstance(call := node.value, ast.Call):
        return dotted_name(call.func) in EXITS or stops(call)
    if isinstance(node, ast.If):
        return _never_ends(node.body, stops) and _never_ends(node.orelse, stops)
    if isinstance(node, ast.With | ast.AsyncWith):
        return _never_ends(node.body, stops)
    if isinstance(node, ast.Try | ast.TryStar):
        if _never_ends(node.finalbody, stops):
            return True
        body = _never_ends(node.body, stops) or _never_ends(node.orelse, stops)
        return body and all(_never_ends(h.body, stops) for h in node.handlers)
    if isinstance(node, ast.While):
        forever = isinstance(node.test, ast.Constant) and bool(node.test.value)
        return forever and not any(isinstance(n, ast.Break) for n in _loop_nodes(node))
    return False


def _loop_nodes(loop: ast.While) -> list[ast.AST]:
    """The nodes of a loop's body that belong to it (not to a loop or function in it)."""
    found: list[ast.AST] = []
    pending: list[ast.AST] = list(loop.body)
    while pending:
        node = pending.pop()
        found.append(node)
        if not isinstance(node, ast.For | ast.AsyncFor | ast.While | Function | ast.ClassDef):
            pending += ast.iter_child_nodes(node)
    return found


def module_stops(functions: dict[str, Function]) -> frozenset[str]:
    """The module's functions (by name) that never return, calls of each other included
    (`die()` calls `fail()`, which exits): a worklist over the few that may (those that
    would, were every call of a module function one that never returns), each looked at
    again when one it calls is found."""
    maybe = {
        name
        for name, function in functions.items()
        if never_returns(function, lambda c: _named(c) in functions)
    }
    callers: dict[str, set[str]] = {}
    for name in maybe:
        for node in own_nodes(functions[name]):
            if isinstance(node, ast.Call) and (callee := _named(node)) in maybe:
                callers.setdefault(callee, set()).add(name)
    found: set[str] = set()
    pending = sorted(maybe)
    while pending:
        name = pending.pop()
        if name not in found and never_returns(functions[name], lambda c: _named(c) in found):
            found.add(name)
            pending += sorted(callers.get(name, ()))
    return frozenset(found)


def _named(call: ast.Call) -> str | None:
    return call.func.id if isinstance(call.func, ast.Name) else None


def call_stops(module: PythonModule, call: ast.Call, stopping: frozenset[str]) -> bool:
    """Whether a call of `module` never returns: a call of one of its own functions that
    never return (`stopping`, by name), or one that runs only functions of other modules
    that never return (the call graph's: `handle_error(…)` from `.errors`)."""
    if dotted_name(call.func) in stopping:
        return True
    function = module.scope_name(module.scope_of(call))
    if module.project is None or function is None:
        return False
    return module.project.stops(function, call.lineno, call.col_offset)
