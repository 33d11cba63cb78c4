"""A predicate a loop asks about a run's result, read as the test it stands for (for
`auditor.python.runner.loop_flow`).

A retry loop often hands the result to a helper of the module that decides
(`if not _is_retriable(result): return result`), whose body is a chain of
`if TEST: return VALUE` ending in a `return`. That chain is one boolean
expression over the helper's parameter:

    if a: return False          (not a) and (
    if b: return True     ==      b or e
    return e                    )

so the loop's test is judged as if the helper's tests were written in the loop,
with the parameter standing for what the loop passed (the result, or its status).
A body of any other shape (a loop, a `try`, a branch that does more than return)
is not read: the call stays a test the run does not decide.
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from auditor.python.model.callees import called_function
from auditor.python.model.module import PythonModule


def inline(
    module: PythonModule, call: ast.Call, passed: Callable[[ast.expr], bool]
) -> tuple[ast.expr, str, ast.expr] | None:
    """The expression a call of a predicate of this module stands for, the name of its
    parameter that receives an argument `passed` accepts, and that argument; None when
    the callee is not a predicate of the module written as a chain of returns."""
    function = called_function(module, call)
    if function is None:
        return None
    parameters = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
    if isinstance(call.func, ast.Attribute):
        parameters = parameters[1:]  # `self._is_retriable(result)`: after `self`
    given = [(parameters[i], a) for i, a in enumerate(call.args) if i < len(parameters)]
    given += [(k.arg, k.value) for k in call.keywords if k.arg in parameters]
    bound = [(name, argument) for name, argument in given if passed(argument)]
    if len(bound) != 1:
        return None
    expression = _chain(function.body)
    return None if expression is None else (expression, *bound[0])


def _chain(body: list[ast.stmt]) -> ast.expr | None:
    """A body of `if TEST: return VALUE` statements and a last `return`, as one
    expression (assignments of its own names are passed over: what they hold is not
    known); None for a body of any other shape."""
    steps: list[tuple[ast.expr, ast.expr]] = []
    end: ast.expr | None = None
    for statement in body:
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
            continue  # the docstring
        if isinstance(statement, ast.Assign | ast.AnnAssign):
            continue
        if isinstance(statement, ast.Return):
            end = _returned(statement)
            break
        if not (
            isinstance(statement, ast.If)
            and len(statement.body) == 1
            and isinstance(statement.body[0], ast.Return)
        ):
            return None
        value = _returned(statement.body[0])
        if statement.orelse:
            otherwise = _chain(statement.orelse)
            if otherwise is None:
                return None
            end = _either(statement.test, value, otherwise)
            break
        steps.append((statement.test, value))
    expression = end if end is not None else _false(body[-1])
    for test, value in reversed(steps):
        expression = _either(test, value, expression)
    return expression


def _returned(statement: ast.Return) -> ast.expr:
    return statement.value if statement.value is not None else _false(statement)


def _either(test: ast.expr, value: ast.expr, otherwise: ast.expr) -> ast.expr:
    """`value` when `test` holds, else `otherwise`: `test or otherwise` for `True`,
    `not test and otherwise` for `False`, else `test and value or not test and otherwise`."""
    if isinstance(value, ast.Constant) and value.value is True:
        return _op(ast.Or(), test, otherwise)
    negated = ast.copy_location(ast.UnaryOp(op=ast.Not(), operand=test), test)
    if isinstance(value, ast.Constant) and value.value in (False, None):
        return _op(ast.And(), negated, otherwise)
    return _op(ast.Or(), _op(ast.And(), test, value), _op(ast.And(), negated, otherwise))


def _op(op: ast.boolop, left: ast.expr, right: ast.expr) -> ast.expr:
    """`left OP right`, placed over the text of both (where its words are looked for)."""
    made = ast.copy_location(ast.BoolOp(op=op, values=[left, right]), left)
    made.end_lineno, made.end_col_offset = right.end_lineno, right.end_col_offset
    return made


def _false(at: ast.AST) -> ast.expr:
    return ast.copy_location(ast.Constant(value=False), at)
