"""Whether a function tells its run's failure apart: it reads the process's status
(`returncode`, `wait()`, `poll()`, `check_returncode()`) in a condition."""

from __future__ import annotations

import ast

from auditor.python.model.ast_values import Function, walk

STATUS_METHODS = frozenset({"wait", "poll", "check_returncode"})  # a process's, on its status
_STATUS_ATTRIBUTES = STATUS_METHODS | {"returncode"}  # what reads a process's status


def tests_own_status(function: Function) -> bool:
    """Whether a function tests its run's status in a condition (`if proc.returncode:`,
    `ok = result.returncode == 0`, then `if ok:`), or has it raise on a failure
    (`result.check_returncode()`), besides returning it."""
    if any(
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "check_returncode"
        for node in walk(function)
    ):
        return True
    names: set[str] = set()
    for node in walk(function):
        if isinstance(node, ast.Assign) and _reads_status(node.value, names):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    tests = (n.test for n in walk(function) if isinstance(n, ast.If | ast.While | ast.IfExp))
    return any(_reads_status(test, names) for test in tests)


def _reads_status(node: ast.expr, names: set[str]) -> bool:
    """Whether an expression reads a process's status (`returncode`, `wait()`, `poll()`)
    or one of `names` that hold it."""
    return any(
        (isinstance(inner, ast.Attribute) and inner.attr in _STATUS_ATTRIBUTES)
        or (isinstance(inner, ast.Name) and inner.id in names)
        for inner in walk(node)
    )
