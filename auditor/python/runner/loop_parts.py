"""The shape of a hand-written retry loop, as the loop walk (`loop_flow`) reads it: its
attempt counter, a test of the last attempt, a cap on consecutive failures, and the names
an assignment in it binds to a call's value."""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable
from typing import NamedTuple

from auditor.python.model.ast_values import descendants, dotted_name, statements, walk

Loop = ast.For | ast.AsyncFor | ast.While
# What iterating these walks leaves as it is: the items, numbered or listed.
_KEEPING = frozenset({"enumerate", "list", "tuple"})
_ITERTOOLS = frozenset({"", "itertools", "builtins"})  # where the iterators are from
# Iterators that count turns (`repetition` reads them), not alternatives.
_COUNTS = frozenset({"range", "count", "repeat", "cycle", "islice"})


def assigned_value(node: ast.AST) -> ast.expr | None:
    """The value an assignment (or a `with` item) binds."""
    if isinstance(node, ast.withitem):
        return node.context_expr
    return node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None


def bound_names(node: ast.AST) -> list[str]:
    """The plain names an assignment (or a `with … as x`) binds."""
    targets: list[ast.expr]
    if isinstance(node, ast.withitem):
        targets = [node.optional_vars] if node.optional_vars else []
    elif isinstance(node, ast.Assign):
        targets = node.targets
    else:
        targets = [node.target] if isinstance(node, ast.AnnAssign) else []
    return [t.id for t in targets if isinstance(t, ast.Name)]


def attempt_counter(loop: Loop) -> str | None:
    """The name that counts the attempts: `attempt` of `for attempt in range(n)`, or
    `tries` of `while tries < n`."""
    if isinstance(loop, ast.For | ast.AsyncFor):
        iterated = loop.iter
        ranged = isinstance(iterated, ast.Call) and dotted_name(iterated.func) == "range"
        return loop.target.id if ranged and isinstance(loop.target, ast.Name) else None
    test = loop.test
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.left, ast.Name):
        return test.left.id if isinstance(test.ops[0], ast.Lt | ast.LtE) else None
    return None


class Repetition(NamedTuple):
    """What a `for` loop that makes the same attempt again and again iterates over."""

    times: ast.expr | None  # how many: `n` of `range(n)`, `repeat(x, n)`, `[x] * n`
    start: ast.expr | None = None  # where `range(1, n + 1)` counts from (else 0)
    endless: bool = False  # `itertools.count()`


def repetition(iterated: ast.expr, held: Callable[[str], ast.expr | None]) -> Repetition | None:
    """What a `for` loop over `iterated` repeats, when it makes the same attempt again and
    again: `range(n)`, `itertools.count()`, `itertools.repeat(x, n)`, `islice(cycle(xs),
    n)`, `[x] * n` or the attempts' numbers written out (`(1, 2, 3)`), also numbered or
    listed (`enumerate(list(islice(cycle(providers), 3)))`), or a local name bound once to
    one (`held`: its value); None for a walk over work items, and for a loop written to
    run once (`for round in range(1):`)."""
    found = _repetition(iterated, held)
    if found is None or found.times is None:
        return found
    times, start = _literal(found.times), _literal(found.start) if found.start else 0
    return None if times is not None and start is not None and times - start <= 1 else found


def walks_indices(loop: ast.For | ast.AsyncFor) -> bool:
    """Whether a loop walks a container's items by their indices (`for i in range(start,
    len(backends)):` that reads `backends[i]`): like `for backend in backends:`, another
    item each turn, not the same attempt again (a loop that sleeps between its turns,
    `time.sleep(DELAYS[i])`, makes the same attempt after each pause)."""
    iterated, target = loop.iter, loop.target
    if not (isinstance(iterated, ast.Call) and dotted_name(iterated.func) == "range"):
        return False
    args = iterated.args
    stop = args[1] if len(args) > 1 else args[0] if args else None
    if not (
        isinstance(target, ast.Name)
        and isinstance(stop, ast.Call)
        and dotted_name(stop.func) == "len"
        and len(stop.args) == 1
    ):
        return False
    walked = ast.dump(stop.args[0])
    inside = [node for statement in loop.body for node in ast.walk(statement)]
    if any(
        isinstance(node, ast.Call) and (dotted_name(node.func) or "").endswith("sleep")
        for node in inside
    ):
        return False  # a pause between turns: the same attempt again (`DELAYS[i]` read)
    return any(
        isinstance(node, ast.Subscript)
        and isinstance(node.slice, ast.Name)
        and node.slice.id == target.id
        and ast.dump(node.value) == walked
        for node in inside
    )


def fallback(loop: ast.For | ast.AsyncFor) -> Repetition | None:
    """A `for` loop over alternatives for one piece of work (`for model in MODELS:`, a
    provider or an agent each turn) that leaves at the first success: its body returns or
    breaks other than from an `except` clause, so a failed attempt goes on to the next
    item, the same work again with another alternative. A walk over work items goes on
    after a success too, and a count (`range(1)`, written to run once) is `repetition`'s."""
    called = dotted_name(loop.iter.func) if isinstance(loop.iter, ast.Call) else None
    counted = (called or "").removeprefix("itertools.") in _COUNTS and not walks_indices(loop)
    return Repetition(None) if not counted and leaves_outside_handlers(loop.body) else None


def delay_schedule(loop: ast.For | ast.AsyncFor) -> Repetition | None:
    """A `for` loop over the delays between its attempts (`for delay in (1, 5, 30):`, also
    numbered: `for attempt, delay in enumerate(DELAYS + [0]):`) when its body sleeps for the
    item (`time.sleep(delay)`, `await asyncio.sleep(delay * 2)`): the same attempt again
    after each pause, not a walk over work items."""
    target = loop.target
    numbered = isinstance(loop.iter, ast.Call) and dotted_name(loop.iter.func) == "enumerate"
    if numbered and isinstance(target, ast.Tuple) and len(target.elts) == 2:
        target = target.elts[1]
    if not isinstance(target, ast.Name):
        return None
    for node in ast.walk(ast.Module(body=loop.body, type_ignores=[])):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        if not (dotted_name(node.func) or "").endswith("sleep"):
            continue
        names = {n.id for n in ast.walk(node.args[0]) if isinstance(n, ast.Name)}
        only_numbers = all(
            isinstance(n, ast.Name | ast.Constant | ast.BinOp | ast.operator | ast.Load)
            for n in ast.walk(node.args[0])
        )
        if names == {target.id} and only_numbers:
            return Repetition(None)
    return None


def _literal(node: ast.expr | None) -> int | None:
    value = node.value if isinstance(node, ast.Constant) else None
    return value if type(value) is int else None


def _repetition(iterated: ast.expr, held: Callable[[str], ast.expr | None]) -> Repetition | None:
    for _ in range(8):  # a few wrappers and names deep
        if isinstance(iterated, ast.Name):
            value = held(iterated.id)
            if value is None:
                return None
            iterated = value
            continue
        if isinstance(iterated, ast.List | ast.Tuple):  # `for attempt in (1, 2, 3):`
            numbers = [_literal(element) for element in iterated.elts]
            first = numbers[0] if len(numbers) > 1 else None
            if first not in (0, 1) or numbers != list(range(first, first + len(numbers))):
                return None
            return Repetition(ast.copy_location(ast.Constant(len(numbers)), iterated))
        if isinstance(iterated, ast.BinOp) and isinstance(iterated.op, ast.Mult):
            sides = (iterated.left, iterated.right)
            listed = [side for side in sides if isinstance(side, ast.List | ast.Tuple)]
            others = [side for side in sides if side not in listed]
            one = len(listed) == 1 and len(listed[0].elts) == 1  # `[x] * n`, not `[a, b] * 1`
            return Repetition(others[0]) if one else None
        if not isinstance(iterated, ast.Call):
            return None
        owner, _, name = (dotted_name(iterated.func) or "").rpartition(".")
        if owner not in _ITERTOOLS:
            return None  # `self.range(…)`: a method of its own
        args = iterated.args
        if name == "count" and len(args) <= 2 and not iterated.keywords:
            return Repetition(None, endless=True)
        if not args or any(isinstance(a, ast.Starred) for a in args):
            return None
        if name == "range":
            counted = len(args) <= 2
            return Repetition(args[-1] if counted else None, args[0] if len(args) == 2 else None)
        if name == "repeat":
            return Repetition(args[1]) if len(args) == 2 else None
        if name == "islice" and len(args) == 2 and isinstance(args[0], ast.Call):
            cycled = (dotted_name(args[0].func) or "").removeprefix("itertools.") == "cycle"
            return Repetition(args[1]) if cycled else None
        if name not in _KEEPING:
            return None
        iterated = args[0]
    return None


def no_names(name: str) -> None:
    """A `held` for `repetition` that reads no local name."""
    return None


# In an attempt before the last, a test of the counter against the bound (`attempt ==
# retries - 1`, `attempt < retries`, `attempt >= max_attempts`) is: (the counter on the left)
_BEFORE_LAST: dict[type[ast.cmpop], bool] = {
    ast.Eq: False,
    ast.NotEq: True,
    ast.Lt: True,
    ast.LtE: True,
    ast.Gt: False,
    ast.GtE: False,
}
_MIRRORED: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.Gt,
    ast.Gt: ast.Lt,
    ast.LtE: ast.GtE,
    ast.GtE: ast.LtE,
}


def before_last(node: ast.Compare, counter: str) -> bool | None:
    """A test of whether this is a given attempt other than the first (`attempt ==
    retries - 1`, `attempt != 2`) or of the attempts left (`attempt < retries`), as it
    reads in an attempt before the last: an iteration is judged as one that can go round
    again. None for any other test (`attempt == 0`, `attempt > 1`: the first attempts)."""
    left, right = node.left, node.comparators[0]
    operator = type(node.ops[0])
    if isinstance(right, ast.Name) and right.id == counter:
        left, right, operator = right, left, _MIRRORED.get(operator, operator)
    if not (isinstance(left, ast.Name) and left.id == counter):
        return None
    if isinstance(right, ast.Constant) and right.value in (0, 1):
        return None  # the first attempt or the ones after it: a branch of its own
    return _BEFORE_LAST.get(operator)


def consecutive_counter(loop: Loop) -> bool:
    """Whether the loop counts consecutive failures: a name it adds to (`failures += 1`),
    sets back to 0 (`failures = 0`) and caps (`if failures >= 5: break`), as a loop that
    retries the same work does; a total count of errors among new samples is never reset."""
    added: set[str] = set()
    reset: set[str] = set()
    capped: set[str] = set()
    for node in descendants(loop):
        if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
            added.add(node.target.id)
        elif (
            isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Constant)
            and node.value.value == 0
        ):
            reset.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.If) and any(
            isinstance(n, ast.Break | ast.Return | ast.Raise) for n in node.body
        ):
            capped.update(n.id for n in ast.walk(node.test) if isinstance(n, ast.Name))
    return bool(added & reset & capped)


def is_none_test(node: ast.Compare) -> bool:
    """`X is None` or `X is not None` (either way round; `== None` is the same test)."""
    if len(node.ops) != 1:
        return False
    sides = (node.left, node.comparators[0])
    none = any(isinstance(side, ast.Constant) and side.value is None for side in sides)
    return none and isinstance(node.ops[0], ast.Is | ast.IsNot | ast.Eq | ast.NotEq)


def item_bound(node: ast.AST, index: int) -> list[str]:
    """The name an assignment unpacks item `index` of its value into (`rc, out = …`)."""
    targets = node.targets if isinstance(node, ast.Assign) else []
    return [name for target in targets if (name := unpacked_name(target, index)) is not None]


def unpacked_name(target: ast.expr | None, index: int) -> str | None:
    """The plain name a target unpacks item `index` into (`rc` of `out, rc = …` for 1);
    None past a starred name (`out, *rest = …`), whose items shift."""
    if not isinstance(target, ast.Tuple | ast.List) or index >= len(target.elts):
        return None
    if any(isinstance(item, ast.Starred) for item in target.elts[: index + 1]):
        return None
    item = target.elts[index]
    return item.id if isinstance(item, ast.Name) else None


def unwrap(node: ast.expr | None) -> ast.expr | None:
    """An expression past its `await`."""
    return node.value if isinstance(node, ast.Await) else node


def leaves_after(body: list[ast.stmt], node: ast.stmt) -> bool:
    """Whether a statement of a loop's body is followed there by one that always leaves
    the loop (`return response` after the `try`), with no `continue` of this loop between
    them (`if failed: continue`): falling out of it goes round no more."""
    at = next((i for i, statement in enumerate(body) if statement is node), None)
    for statement in body[at + 1 :] if at is not None else []:
        if isinstance(statement, ast.Return | ast.Break | ast.Raise):
            return True
        if _continues(statement):
            return False
    return False


def _continues(statement: ast.stmt) -> bool:
    """Whether a statement holds a `continue` of the loop around it (not of a loop, or in
    a function, inside it)."""
    pending: list[ast.AST] = [statement]
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Continue):
            return True
        if isinstance(
            node, ast.For | ast.AsyncFor | ast.While | ast.FunctionDef | ast.AsyncFunctionDef
        ):
            continue  # (its `continue`s are its own)
        pending.extend(ast.iter_child_nodes(node))
    return False


# Words of a result's field or key that say whether the call behind it failed.
_FAILURE_WORDS = ("error", "fail", "success", "ok", "exception")


def raised_round(loop: Loop) -> set[int]:
    """The `if`s of a loop's `try`s that raise when a result says it failed (`if
    resp.error: raise RuntimeError(resp.error)`), where a clause of that `try` catches
    what they raise and the loop goes round: a test that sends the loop round on a failed
    result, as a `continue` would (ids of the `if` nodes)."""
    found: set[int] = set()
    for node in (n for s in loop.body for n in descendants(s)):
        if not isinstance(node, ast.Try | ast.TryStar):
            continue
        going = [h for h in node.handlers if not any(_leaves(s) for s in h.body)]
        for inner in (n for s in node.body for n in descendants(s)):
            if not (isinstance(inner, ast.If) and inner.body and _failure_test(inner.test)):
                continue
            last = inner.body[-1]
            raised = _raised_class(last) if isinstance(last, ast.Raise) else None
            if raised is not None and any(_catches(h, raised) for h in going):
                found.add(id(inner))
    return found


def _leaves(statement: ast.stmt) -> bool:
    return isinstance(statement, ast.Return | ast.Break | ast.Raise)


def _raised_class(node: ast.Raise) -> str | None:
    raised = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
    dotted = dotted_name(raised) if raised is not None else None
    return dotted.rsplit(".", 1)[-1] if dotted is not None else None


def _catches(handler: ast.ExceptHandler, raised: str) -> bool:
    if handler.type is None:
        return True
    kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    names = {(dotted_name(k) or "").rsplit(".", 1)[-1] for k in kinds}
    return raised in names or bool(names & {"Exception", "BaseException"})


def _failure_test(test: ast.expr) -> bool:
    """Whether a test reads a result's failure: a field or key named for it (`r.error`,
    `not r.success`, `r["ok"]`, `r.get("error")`)."""
    words = [n.attr for n in descendants(test) if isinstance(n, ast.Attribute)]
    words += [
        n.value for n in descendants(test) if isinstance(n, ast.Constant) and type(n.value) is str
    ]
    return any(word in str(w).lower() for w in words for word in _FAILURE_WORDS)


def leaves_outside_handlers(body: list[ast.stmt]) -> bool:
    """Whether a loop body can `return` or `break` other than from an `except` clause (a
    loop that leaves only when failures pile up is not one that leaves on success)."""
    for statement in body:
        if isinstance(statement, ast.Return | ast.Break):
            return True
        if isinstance(statement, ast.Try | ast.TryStar):
            parts = [statement.body, statement.orelse, statement.finalbody]
        elif isinstance(statement, ast.If):
            parts = [statement.body, statement.orelse]
        elif isinstance(statement, ast.With | ast.AsyncWith):
            parts = [statement.body]
        elif isinstance(statement, ast.For | ast.AsyncFor | ast.While):
            # an inner loop's `break` is its own; its `return` leaves this one too
            inner = statements(statement, definitions=False)
            if any(isinstance(n, ast.Return) for n in inner):
                return True
            continue
        else:
            continue
        if any(leaves_outside_handlers(part) for part in parts):
            return True
    return False


def success_leaves(loop: Loop, tried: ast.Try | ast.TryStar) -> bool:
    """Whether a success of a loop's `try` can leave the loop where a caught failure does
    not: a `return` or `break` in its body or `else`, a clause that goes round (or leaves)
    before what comes after the `try`, or a test that leaves on a name its body assigns
    (`if result: break`). A loop whose caught failures reach every way out its successes
    do (`except Exception: log(e)`, then the same `if args.once: break`) runs each turn as
    new work, not a retry."""
    if leaves_outside_handlers(tried.body) or leaves_outside_handlers(tried.orelse):
        return True
    if all(
        any(_goes_elsewhere(statement) for statement in handler.body) for handler in tried.handlers
    ):
        return True
    bound = {
        target.id
        for statement in tried.body
        for node in (statement, *statements(statement, definitions=False))
        if isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign)
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Name)
    }
    return any(
        isinstance(node, ast.If)
        and leaves_outside_handlers(node.body)
        and any(isinstance(n, ast.Name) and n.id in bound for n in walk(node.test))
        for statement in loop.body
        for node in (statement, *statements(statement, definitions=False))
    )


def _goes_elsewhere(statement: ast.stmt) -> bool:
    """Whether an `except` clause's statement goes round at once or leaves: `continue`,
    `raise`, `return`, `break`."""
    return isinstance(statement, ast.Continue) or _leaves(statement)


# Reads of a line the user types at a terminal: a loop that asks before each run is the
# user's choice to run again, not a retry. Names as a module's imports qualify them (or
# as written), and the endings of prompt methods (rich's `Prompt.ask`, prompt_toolkit's
# `session.prompt`, rich's `console.input`).
_PROMPTS = frozenset(
    {"builtins.input", "input", "getpass.getpass", "sys.stdin.readline"}
    | {f"click.{name}" for name in ("getchar", "prompt", "confirm")}
    | {f"typer.{name}" for name in ("prompt", "confirm")}
)
_PROMPT_ENDINGS = ("Prompt.ask", "Confirm.ask", "console.input", "session.prompt")


def reads_user_input(names: Iterable[str]) -> bool:
    """Whether a call of one of `names` reads a line its user types (`input()`,
    `sys.stdin.readline()`, `click.prompt`, rich's `Prompt.ask`)."""
    return any(name in _PROMPTS or name.endswith(_PROMPT_ENDINGS) for name in names)
