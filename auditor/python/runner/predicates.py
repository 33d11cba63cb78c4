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

from auditor.python.model.ast_values import Function
from auditor.python.model.callees import called_function
from auditor.python.model.module import Predicate, PythonModule

# expressions that test nothing themselves (`return self.check(x)`, `return ok`)
_PLAIN = (ast.Name, ast.Call, ast.Attribute, ast.Constant, ast.Subscript)
_LONGEST = 400  # characters of a predicate's text kept in its module's facts
_MOST_TESTS = 40  # `if` statements of a predicate kept so (more cannot fit in `_LONGEST`)


def inline(
    module: PythonModule, call: ast.Call, passed: Callable[[ast.expr], bool]
) -> tuple[ast.expr, str, ast.expr] | None:
    """The expression a call of a predicate of this module stands for, the name of its
    parameter that receives an argument `passed` accepts, and that argument; None when
    the callee is not a predicate of the module written as a chain of returns."""
    function = called_function(module, call)
    expression: ast.expr | None = None
    if function is not None:
        parameters = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
        if isinstance(call.func, ast.Attribute):
            parameters = parameters[1:]  # `self._is_retriable(result)`: after `self`
    elif (elsewhere := _elsewhere(module, call)) is not None:
        parameters, expression = list(elsewhere.parameters), _placed(elsewhere.expression, call)
    else:
        return None
    given = [(parameters[i], a) for i, a in enumerate(call.args) if i < len(parameters)]
    given += [(k.arg, k.value) for k in call.keywords if k.arg in parameters]
    bound = [(name, argument) for name, argument in given if passed(argument)]
    if len(bound) != 1:
        return None
    if function is not None:
        expression = _chain(function.body)
    return None if expression is None else (expression, *bound[0])


def predicate_text(function: Function) -> str | None:
    """The boolean expression a function's body is, as text, for its module's facts (a
    call in another module reads it there): None unless the body is a short chain of
    returns whose expression reads its parameters and nothing else (read in the
    caller's module, another name would be that module's)."""
    if sum(isinstance(s, ast.If) for s in function.body) > _MOST_TESTS:
        return None  # (a lookup table of `if code == N: return …`: no short text)
    expression = _chain(function.body)
    if expression is None or isinstance(expression, _PLAIN):
        return None
    parameters = {a.arg for a in (*function.args.posonlyargs, *function.args.args)}
    names = {n.id for n in ast.walk(expression) if isinstance(n, ast.Name)}
    if not names or not names <= parameters:
        return None
    try:
        text = ast.unparse(expression)
    except RecursionError:
        return None
    return text if len(text) <= _LONGEST else None


def _elsewhere(module: PythonModule, call: ast.Call) -> Predicate | None:
    """The predicate of another module of the tree the call runs (the call graph's)."""
    function = module.scope_name(module.scope_of(call))
    if module.project is None or function is None:
        return None
    return module.project.predicate(function, call.lineno, call.col_offset)


def _placed(text: str, call: ast.Call) -> ast.expr | None:
    """A predicate's expression read from its text, every node placed at the call (where
    the loop's words are looked for)."""
    try:
        expression = ast.parse(text, mode="eval").body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    for node in ast.walk(expression):
        if hasattr(node, "lineno"):
            ast.copy_location(node, call)
    return expression


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
