"""Second attempts (stdlib `ast`): a call made again where the first test of what it gave
says it failed (`r = await self.ask(p)`, then `if r is None: r = await self.ask(p,
model=FLASH)`). A straight-line retry: RA301 reports it where it re-runs a step, and the
call graph registers it as a retry of the failures the called function returns as values.
Its arguments may change: a step made again on another model or without its session still
repeats what the failed one did.
"""

from __future__ import annotations

import ast
from typing import NamedTuple

from auditor.python.model.ast_values import Function, class_names, dotted_name, own_nodes, walk

Loop = ast.For | ast.AsyncFor | ast.While
SECOND_ATTEMPT = "second attempt"


class SecondAttempt(NamedTuple):
    """A call made again where the first test of what it gave says it failed."""

    call: ast.Call  # the first attempt
    test: ast.If  # the test whose body makes it again
    same: bool  # made again as written (the same request), not with other arguments


class CaughtAttempt(NamedTuple):
    """A call made again in an `except` clause that catches every failure of it."""

    call: ast.Call  # the first attempt
    handler: ast.ExceptHandler  # the clause that makes it again
    same: bool  # made again as written


def second_attempts(function: Function) -> list[SecondAttempt]:
    """Each call of a function's own body whose value the first statement that reads it
    tests for a failure (`tests_failure`), with that `if`, whose body makes the same call
    again (the same function, as written; its arguments may differ). Each failure test
    looks back along its block to the statement that last read or bound what it tests."""
    found: list[SecondAttempt] = []
    for block in _blocks(function):
        for index, test in enumerate(block):
            if not isinstance(test, ast.If):
                continue
            read = {n.id for n in walk(test.test) if isinstance(n, ast.Name)}
            if not read or not tests_failure(test.test, read):
                continue
            before = next((s for s in reversed(block[:index]) if _touches(s, read)), None)
            call = _assigned_call(before) if isinstance(before, ast.Assign) else None
            if call is None or not isinstance(before, ast.Assign):
                continue
            names = _names(before)
            if not tests_failure(test.test, names):
                continue
            found += _made_again(call, test, names)
    return found


def caught_attempts(function: Function, blanket: frozenset[str]) -> list[CaughtAttempt]:
    """Each call a `try` makes (a statement's own: `r = run(p)`, `return run(p)`, `await
    client.query(p)`) that a clause catching every failure (a bare `except`, or one of
    the `blanket` classes: `except Exception`) makes again on the same input
    (`_same_input`): the clause's second attempt after any failure, under a test of its
    own or none, raising the failure after it or not (not one made in a loop: the loop
    is the retry)."""
    found: list[CaughtAttempt] = []
    for block in _blocks(function):
        for statement in block:
            if not isinstance(statement, ast.Try | ast.TryStar):
                continue
            # (the try's own statements: not a call in a branch of it, such as a
            # `conn.execute("ROLLBACK")` under an `if` that the clause makes too)
            first = [c for s in statement.body for c in _made_calls(s, own=False)]
            for handler in statement.handlers:
                if not _catches_all(handler, blanket):
                    continue
                again = [c for s in handler.body for c in _made_calls(s)]
                changed = set_names(handler.body)
                for call in first:
                    made = [c for c in again if _same_input(c, call)]
                    if made:
                        same = any(
                            ast.dump(c) == ast.dump(call) and not reads_any(c, changed)
                            for c in made
                        )
                        found.append(CaughtAttempt(call, handler, same))
    return found


def _made_calls(statement: ast.stmt, *, own: bool = True) -> list[ast.Call]:
    """The calls a statement (and, with `own`, those in it, not in functions it defines)
    makes for a value or an effect of their own: `r = run(p)`, `return run(p).stdout`,
    `await run(p)`."""
    found: list[ast.Call] = []
    for node in (statement, *own_nodes(statement)) if own else (statement,):
        value = node.value if isinstance(node, ast.Assign | ast.Return | ast.Expr) else None
        while isinstance(value, ast.Await | ast.Attribute | ast.Subscript):
            value = value.value  # `return run(p).stdout`, `out = (await run(p))["text"]`
        found += [value] if isinstance(value, ast.Call) else []
    return found


def _catches_all(handler: ast.ExceptHandler, blanket: frozenset[str]) -> bool:
    """Whether a clause catches every failure: a bare `except`, or one naming a class of
    `blanket` (the steps' `blanket-exceptions`: `Exception`, `BaseException`)."""
    return handler.type is None or any(
        name.rsplit(".", 1)[-1] in blanket for name in class_names(handler.type)
    )


def _same_input(again: ast.Call, call: ast.Call) -> bool:
    """Whether a call runs the same function as `call` on the same input: the same
    positional arguments and keyword values as written, but for those that pick where it
    runs (`model=`, `session_id=`, `resume=`: another model or a fresh session still
    repeats the work), not a step given another task (`query(prompt="Revert …")`) or
    `subprocess.run(["notify-send", …])` after `subprocess.run(["claude", …])`."""
    if ast.dump(again.func) != ast.dump(call.func) or len(again.args) != len(call.args):
        return False
    if any(ast.dump(a) != ast.dump(b) for a, b in zip(again.args, call.args, strict=True)):
        return False
    first = {k.arg: ast.dump(k.value) for k in call.keywords}
    second = {k.arg: ast.dump(k.value) for k in again.keywords}
    return all(
        first.get(name) == second.get(name) or _picks_where(name)
        for name in first.keys() | second.keys()
    )


def _picks_where(keyword: str | None) -> bool:
    """Whether a keyword picks where a run happens rather than what it does: the model,
    the session, a timeout (`model=`, `session_id=`, `resume=`, `timeout=`)."""
    words = (keyword or "").lower()
    return any(word in words for word in ("model", "session", "resume", "timeout"))


def _names(statement: ast.Assign) -> set[str]:
    """The names an assignment binds."""
    return {n.id for t in statement.targets for n in target_names(t)}


def _made_again(call: ast.Call, test: ast.If, names: set[str]) -> list[SecondAttempt]:
    """The second attempt a test makes of `call`, whose value `names` hold: a call of the
    same function in its body (as written, or with other arguments; not in a function it
    defines) whose value takes the first one's place, given the same names or returned
    (not a call made for something else: `conn.execute("ROLLBACK")`)."""
    written = ast.dump(call.func)
    again = [
        made
        for s in test.body
        for n in (s, *own_nodes(s))
        if isinstance(n, ast.Assign | ast.Return)
        and (made := _assigned_call(n) if isinstance(n, ast.Assign) else _returned_call(n))
        is not None
        and ast.dump(made.func) == written
        and (isinstance(n, ast.Return) or bool(_names(n) & names))
    ]
    if not again:
        return []
    # (the same request: written the same, and reading no name the body sets first, as
    # `model = "gpt-4o-mini"` does for a failover)
    changed = set_names(test.body) - names
    same = any(ast.dump(n) == ast.dump(call) and not reads_any(n, changed) for n in again)
    return [SecondAttempt(call, test, same)]


def set_names(body: list[ast.stmt]) -> set[str]:
    """The names a block's statements give values (`model = FALLBACK`, `n += 1`)."""
    return {
        target.id
        for statement in body
        for node in walk(statement)
        if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign)
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Name)
    }


def reads_any(node: ast.AST, names: set[str]) -> bool:
    """Whether an expression reads one of `names`."""
    return any(isinstance(n, ast.Name) and n.id in names for n in walk(node))


def _returned_call(statement: ast.Return) -> ast.Call | None:
    """The call whose value a `return` gives (`return await ask(p)`)."""
    value = statement.value.value if isinstance(statement.value, ast.Await) else statement.value
    return value if isinstance(value, ast.Call) else None


def _blocks(function: Function) -> list[list[ast.stmt]]:
    """Every statement list of a function's own body (not of functions it defines) that
    no loop holds: a loop that makes the call again is a retry construct of its own."""
    found: list[list[ast.stmt]] = []
    pending: list[list[ast.stmt]] = [function.body]
    while pending:
        block = pending.pop()
        found.append(block)
        for statement in block:
            if isinstance(statement, Function | ast.ClassDef | Loop):
                continue
            for name in ("body", "orelse", "finalbody"):
                inner = getattr(statement, name, None)
                if isinstance(inner, list) and inner and isinstance(inner[0], ast.stmt):
                    pending.append(inner)
            pending += [h.body for h in getattr(statement, "handlers", ())]
            pending += [c.body for c in getattr(statement, "cases", ())]
    return found


def _assigned_call(statement: ast.stmt) -> ast.Call | None:
    """The call whose value a statement binds (`r = ask(p)`, `r = await ask(p)`)."""
    value = statement.value if isinstance(statement, ast.Assign) else None
    value = value.value if isinstance(value, ast.Await) else value
    return value if isinstance(value, ast.Call) else None


def _touches(statement: ast.stmt, names: set[str]) -> bool:
    """Whether a statement reads or binds one of `names` (in its test, for a compound
    one: what its branches do is theirs)."""
    read = statement.test if isinstance(statement, ast.If | ast.While) else statement
    return any(isinstance(n, ast.Name) and n.id in names for n in walk(read))


# words of a text a function returns for a failure (`return f"Claude error: {err}"`)
_FAILURE_WORDS = ("error", "fail", "exception")


def tests_failure(test: ast.expr, names: set[str]) -> bool:
    """Whether a test holds where a value of `names` is a failure: None or false (`r is
    None`, `not r`), an exception (`isinstance(r, Exception)`), a failed status (`not
    r.success`, `r.returncode != 0`, `r.is_error`) or an error text (`r.startswith("Claude
    error")`), alone or in an `and` with other conditions."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        return any(tests_failure(value, names) for value in test.values)
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        # nothing at all (`not r`), or a success flag (`not r.success`, `not r.ok`), not
        # a judgement of what a run made (`not r.diff`)
        operand = test.operand
        if isinstance(operand, ast.Attribute):
            return _rooted_in(operand, names) and _says_success(operand.attr)
        return _rooted_in(operand, names)
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and _rooted_in(test.left, names):
        left, right, operator = test.left, test.comparators[0], test.ops[0]
        value = right.value if isinstance(right, ast.Constant) else ...
        equal = isinstance(operator, ast.Is | ast.Eq)
        if isinstance(left, ast.Name):  # nothing (`r is None`), or false (`ok is False`)
            return equal and (value is None or value is False)
        if not isinstance(left, ast.Attribute):
            return False
        if left.attr.lower() in _STATUS_FIELDS:  # `r.returncode != 0`
            return isinstance(operator, ast.NotEq) and value == 0 and value is not False
        return _says_success(left.attr) and equal and value is False  # `r.success is False`
    if isinstance(test, ast.Attribute):
        return _rooted_in(test, names) and test.attr in ("is_error", "error", "failed")
    if isinstance(test, ast.Call) and dotted_name(test.func) == "isinstance" and test.args:
        return _rooted_in(test.args[0], names) and all(
            name.endswith(("Exception", "Error")) for name in class_names(test.args[-1])
        )
    if isinstance(test, ast.Call) and isinstance(test.func, ast.Attribute) and test.args:
        marker = test.args[0]
        return (
            test.func.attr == "startswith"
            and _rooted_in(test.func.value, names)
            and isinstance(marker, ast.Constant)
            and isinstance(marker.value, str)
            and any(word in marker.value.lower() for word in _FAILURE_WORDS)
        )
    return False


def _says_success(attribute: str) -> bool:
    """Whether a field is named for a run's success (`success`, `ok`, `succeeded`)."""
    return attribute.lower() in _SUCCESS_FIELDS


# fields that hold a run's exit status (`result.returncode`, `r.exit_code`)
_STATUS_FIELDS = frozenset({"returncode", "exit_code", "exitcode", "rc", "status"})
_SUCCESS_FIELDS = frozenset({"success", "succeeded", "successful", "ok", "is_success", "passed"})


def _rooted_in(node: ast.expr, names: set[str]) -> bool:
    """Whether an expression is one of `names` or an attribute read of one (`r.ok`)."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return isinstance(node, ast.Name) and node.id in names


def target_names(target: ast.expr) -> list[ast.Name]:
    """The names an assignment's target binds: itself, or each name a tuple (list) of
    them unpacks into (not a starred one, which holds a list of items)."""
    if isinstance(target, ast.Tuple | ast.List):
        return [n for element in target.elts for n in target_names(element)]
    return [target] if isinstance(target, ast.Name) else []
