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
    return any(_tests_status(test, names) for test in tests)


def _tests_status(test: ast.expr, names: set[str]) -> bool:
    """Whether a condition tells a failure apart: it reads the status, other than to ask
    whether the process is still running (`while proc.poll() is None:`)."""
    if isinstance(test, ast.BoolOp):
        return any(_tests_status(value, names) for value in test.values)
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return _tests_status(test.operand, names)
    return not asks_running(test) and _reads_status(test, names)


def asks_running(test: ast.expr) -> bool:
    """`proc.poll() is None`, `proc.returncode is not None`: whether it has ended yet."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
        return False
    left, right = test.left, test.comparators[0]
    none = isinstance(right, ast.Constant) and right.value is None
    read = left.func if isinstance(left, ast.Call) and not left.args else left
    return (
        none
        and isinstance(test.ops[0], ast.Is | ast.IsNot | ast.Eq | ast.NotEq)
        and isinstance(read, ast.Attribute)
        and read.attr in ("poll", "returncode")
    )


def _reads_status(node: ast.expr, names: set[str]) -> bool:
    """Whether an expression reads a process's status (`returncode`, `wait()`, `poll()`)
    or one of `names` that hold it."""
    return any(
        (isinstance(inner, ast.Attribute) and inner.attr in _STATUS_ATTRIBUTES)
        or (isinstance(inner, ast.Name) and inner.id in names)
        for inner in walk(node)
    )
