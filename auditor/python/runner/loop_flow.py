"""One iteration of a hand-written loop around a call, walked for each way the call ends.

Each way the call can end (success, each exit code the loop compares with,
another code, an exception, a transient failure) is walked through one
iteration (`LoopWalk.iterate`): whether it goes on or leaves, and by which way
(the marks `DECIDED`, `SURE`, …). `auditor.python.runner.loop_verdicts` decides
from that whether the loop re-runs the call after it fails; the other retry
constructs are in `auditor.python.runner.retries`.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from auditor.exit_codes import intents_in
from auditor.finding import shortened
from auditor.flow import FALL, through_block
from auditor.python.model.ast_values import (
    Function,
    class_names,
    descendants,
    dotted_name,
    module_class_fields,
    module_statements,
    parameter_names,
)
from auditor.python.model.endings import call_stops
from auditor.python.model.expr_values import integer, integers
from auditor.python.model.module import PythonModule, of_current
from auditor.python.runner.error_tests import module_facts
from auditor.python.runner.loop_parts import (
    Loop,
    assigned_value,
    attempt_counter,
    before_last,
    bound_names,
    is_none_test,
    item_bound,
    reads_user_input,
    unwrap,
)
from auditor.python.runner.predicates import inline
from auditor.python.runner.requeue import puts_back, queue_sources
from auditor.python.runner.retry_types import CallFailure
from auditor.python.runner.steps import StepCatalog
from auditor.python.runner.success_flags import SuccessFlags
from auditor.python.unit import PythonUnit

_NEXT, _BREAK, _EXIT, _RAISE = "next", "break", "exit", "raise"
_EXITS = frozenset({"sys.exit", "builtins.exit", "builtins.quit", "os._exit"})
_WAITS = frozenset({"wait", "is_set"})  # an event's (`threading.Event`, `asyncio.Event`)
_FLIPPED = {"Lt": "Gt", "Gt": "Lt", "LtE": "GtE", "GtE": "LtE"}
_JUMPS: dict[type[ast.AST], str] = {
    ast.Return: _EXIT,
    ast.Raise: _RAISE,
    ast.Break: _BREAK,
    ast.Continue: _NEXT,
}
# What a path assigned to names: `done = True` (a bool), `result = None` (None), or
# `result = response.text` (`_SET`: a value taken to be something, not None); and to the
# fields of an object it built (`result = Result(success=False, code=Code.TIMEOUT)`:
# `result.success` False, `result.code` the member `=Code.TIMEOUT`).
Flags = frozenset[tuple[str, bool | str | None]]
_SET = "set"
_NOTHING = "nothing"  # a field the path's flags say nothing of


class Scenario(NamedTuple):
    ok: bool
    code: int | None  # 0 on success; None: a non-zero code that nothing compares with
    transient: bool
    raises: bool


SUCCESS = Scenario(True, 0, False, False)
_FAILURE = Scenario(False, None, False, False)  # any failure a test tells from a success
# Marks on the outcomes of an iteration: it went on by a jump out of a branch the failure
# took (`if proc.returncode != 0: … continue`, an `except`), or under no test that the run
# does not decide (see `_Path.unsure`)
DECIDED, SURE = "next, decided", "next, sure"
# it went on by a jump out of a branch the failure took, under a test that attempts are
# left (`if attempt < max_retries: continue`): a retry, whatever a success does
COUNTED = "next, counted"
# it left the loop after a branch the failure decided (`elif rc not in (0, 124): stop =
# True`, then `if stop: break`)
STEERED = "leave, steered"
# it went round only under a test the run does not decide, where others of its kind
# leave by a branch the failure decides (`if rc != 0 and is_transient(log): …` before
# `elif rc != 0: stop = True`): a retry of the failures that pass that test
UNDER = "next, under"
# a success left the loop from a branch that only a success takes (`if result.success:`
# … `return`)
CHOSEN = "leave, chosen"
# it went on after putting its item back on the queue the loop takes work from
# (`auditor.python.runner.requeue`): the failed item runs again on a later turn
REQUEUED = "next, requeued"
MARKS = frozenset({DECIDED, SURE, COUNTED, STEERED, UNDER, CHOSEN, REQUEUED})


class _Path(NamedTuple):
    outcome: str
    flags: Flags = frozenset()
    via: ast.ExceptHandler | None = None  # the handler that caught the failure on this path
    ran: bool = False  # the call ran on this path (else its outcome is the same whatever it does)
    # it is in a branch that the run's failure decides (`if proc.returncode != 0:`, an
    # `except`): a failure that jumps round from there goes round because it failed
    decided: bool = False
    # the test it goes round under when the run does not decide it and it is no rate-limit
    # marker (`if is_transient(out): continue`): only the runs that pass it go round
    unsure: ast.expr | None = None
    counted: bool = False  # it is in a branch of a test that attempts are left
    # it took a branch the run's failure decides, at some point of the iteration (kept
    # where the paths join: `stop = True` there, `if stop: break` later)
    steered: bool = False
    # the first test the run does not decide whose body it went through (`if
    # is_transient(log): …`): where a failure that others of its kind leave by goes round
    through: ast.expr | None = None
    # on a success, the values the result's field may still hold on this path, after the
    # tests of it passed (`if r.status == S.DONE: break`, then `S.MORE` is left): None, all
    possible: frozenset[str] | None = None
    chosen: bool = False  # on a success, it is in a branch that a failure does not take
    requeued: bool = False  # it put an item back on the queue the loop takes work from

    def to(self, outcome: str) -> _Path:
        return self._replace(outcome=outcome)

    def running(self) -> _Path:
        return self._replace(ran=True)


def _assigned(
    target: ast.expr, value: ast.expr | None, classes: Mapping[str, list[str]]
) -> list[tuple[str, bool | str | None]]:
    """The names an assignment binds, each with what a path's flags hold for it: `None`,
    `True` or `False` for those constants, `_SET` for any other value (or one not known,
    `value` None), and the fields of an object it builds (`_fields`: `classes` are the
    module's classes' fields); the names of a tuple target too (`text, usage = ask(…)`),
    item by item from a tuple of values."""
    if isinstance(target, ast.Starred):  # a list of what is left: set, whatever it holds
        return _assigned(target.value, None, classes)
    if isinstance(target, ast.Name):
        return [(target.id, _held(value)), *_fields(target.id, value, classes)]
    if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name):
        return [(f"{target.value.id}.{target.attr}", _held(value, members=True))]
    if not isinstance(target, ast.Tuple | ast.List):
        return []
    items = value.elts if isinstance(value, ast.Tuple | ast.List) else []
    if len(items) != len(target.elts) or any(isinstance(i, ast.Starred) for i in items):
        return [pair for t in target.elts for pair in _assigned(t, None, classes)]
    return [
        pair
        for t, item in zip(target.elts, items, strict=True)
        for pair in _assigned(t, item, classes)
    ]


def _held(value: ast.expr | None, *, members: bool = False) -> bool | str | None:
    """What a path's flags hold for a value: a bool or None constant itself; with
    `members`, an enumeration member as `=Code.TIMEOUT` (a name of a class: not
    `error.code` or `self.code`); else `_SET`."""
    if isinstance(value, ast.Constant) and (value.value is None or isinstance(value.value, bool)):
        return value.value
    dotted = dotted_name(value) if members and isinstance(value, ast.Attribute) else None
    owner = dotted.split(".")[-2] if dotted else ""
    return f"={dotted}" if dotted and owner[:1].isupper() else _SET


def _fields(
    name: str, value: ast.expr | None, classes: Mapping[str, list[str]]
) -> list[tuple[str, bool | str | None]]:
    """The fields an object built by a class's call holds from its arguments: by keyword
    (`Result(output=text, success=False)`: `name.success` False), and by place for a
    class of the module whose fields are known (`classes`, a dataclass's); none for
    another value."""
    if not isinstance(value, ast.Call):
        return []
    called = (dotted_name(value.func) or "").rsplit(".", 1)[-1]
    if not called[:1].isupper():
        return []
    found = [(f"{name}.{k.arg}", _held(k.value, members=True)) for k in value.keywords if k.arg]
    order = classes.get(called, [])
    if any(isinstance(a, ast.Starred) for a in value.args):
        return found
    found += [
        (f"{name}.{field}", _held(argument, members=True))
        for field, argument in zip(order, value.args, strict=False)
    ]
    return found


def _steered(after: _Path, before: _Path) -> _Path:
    """A path out of a branch the failure decides, marked steered when the branch left or
    set a flag there (`stop = True`, later `if stop: break`), not when it only reports."""
    changed = after.outcome != FALL or after.flags != before.flags
    return after._replace(steered=True) if changed else after


def _compare(code: int | None, operator: str, values: tuple[int, ...]) -> bool | None:
    """`code OPERATOR values`; a None code is a positive code equal to none of them."""
    if operator in ("Eq", "NotEq", "In", "NotIn"):
        if operator in ("Eq", "NotEq") and len(values) != 1:
            return None
        hit = code is not None and code in values
        return hit if operator in ("Eq", "In") else not hit
    if len(values) != 1 or operator not in _FLIPPED:
        return None
    value = values[0]
    if code is None:  # positive and unknown: only thresholds at 0 or 1 decide
        low = value <= (0 if operator in ("Gt", "LtE") else 1)
        return operator.startswith("Gt") if low else None
    return {"Gt": code > value, "GtE": code >= value, "Lt": code < value, "LtE": code <= value}[
        operator
    ]


class LoopWalk:
    """One iteration of a loop around one call, walked per scenario."""

    def __init__(
        self,
        unit: PythonUnit,
        loop: Loop,
        call: ast.AST,
        failure: CallFailure,
        steps: StepCatalog,
    ) -> None:
        assert unit.module is not None
        self.module, self.catalog, self.loop, self.call = unit.module, unit.catalog, loop, call
        self.failure, self.steps = failure, steps
        self.ancestors = {id(call)}
        current = self.module.parent(call)
        while current is not None and current is not loop:
            self.ancestors.add(id(current))
            current = self.module.parent(current)
        nodes = list(descendants(loop))
        self.results = {  # names bound to the call's result (`r = run(…)`, `with Popen(…) as p`)
            name
            for node in nodes
            for name in bound_names(node)
            if unwrap(assigned_value(node)) is call
        }
        # names bound to its status (`rc = r.returncode`; `rc, out = run(…)` when item 0 of
        # what it returns is the status)
        self.statuses: set[str] = {
            name
            for node in nodes
            if failure.status_item is not None and unwrap(assigned_value(node)) is call
            for name in item_bound(node, failure.status_item)
        }
        # names bound to the other items of the tuple it returns (`out, rc, killed_by`)
        self.items = {
            item.id
            for node in nodes
            if isinstance(node, ast.Assign) and unwrap(node.value) is call
            for target in node.targets
            if isinstance(target, ast.Tuple)
            for item in target.elts
            if isinstance(item, ast.Name)
        } - self.statuses
        assignments = [n for n in nodes if isinstance(n, ast.Assign | ast.AnnAssign)]
        scope = self.module.scope_of(loop)
        # the parameters of the loop's function: what its callers give
        self.callbacks = parameter_names(scope) if isinstance(scope, Function) else set()
        # names bound to a callback's verdict on the result (`ok = success_check(run)`)
        self.verdicts = {
            name
            for node in assignments
            if self._callback_verdict(assigned_value(node))
            for name in bound_names(node)
        }
        self.flags = SuccessFlags(self.module, call, self.results, failure.flag, assignments)
        for _ in range(2):  # twice: `rc = r.returncode; code = rc`
            self.statuses |= {
                name
                for node in assignments
                if self.is_status(assigned_value(node))
                for name in bound_names(node)
            }
        self.literals = {
            value
            for node in nodes
            if isinstance(node, ast.Compare)
            for part in (node.left, *node.comparators)
            for value in integers(self.module, part) or ()
        }
        self._marked: dict[tuple[int, int], bool] = {}
        self.counter = attempt_counter(loop)
        self.queues = queue_sources(loop)  # what it takes work from (`requeue`)
        self.unsure: list[ast.expr] = []  # the tests some failures go round under
        self.success_unsure: list[ast.expr] = []  # the tests a success goes round under
        # `not TEST` of a negative test whose `if` leaves, by the test's id (`unsure_past`)
        self._negations: dict[int, ast.expr] = {}
        self._predicates: dict[int, ast.expr | None] = {}  # see `predicate`

    def asks_user(self) -> bool:
        """Whether each iteration asks the user something (`input()`, `click.prompt`)."""
        return any(
            reads_user_input(self.module.calls.get(node, frozenset()))
            for node in descendants(self.loop)
            if isinstance(node, ast.Call)
        )

    def runs_call(self, node: ast.AST) -> bool:
        return id(node) in self.ancestors

    def is_status(self, node: ast.expr | None) -> bool:
        """Whether an expression is the call's exit status."""
        node = unwrap(node)
        if not self.failure.status or node is None:
            return False
        if node is self.call:  # else its value is a success flag, holds the status, or
            # says nothing of the run (a launcher that returns something else)
            failure = self.failure
            return failure.valued and failure.flag is None and failure.status_item is None
        if isinstance(node, ast.Name):
            return node.id in self.statuses
        if isinstance(node, ast.Subscript) and self.failure.status_item is not None:
            owner = unwrap(node.value)
            named = isinstance(owner, ast.Name) and owner.id in self.results
            return (owner is self.call or named) and (
                integer(self.module, node.slice) == self.failure.status_item
            )
        if isinstance(node, ast.Attribute) and node.attr == "returncode":
            owner = node.value
            return owner is self.call or dotted_name(owner) in self.results or self.caught(owner)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            return (
                node.func.attr in ("wait", "poll") and dotted_name(node.func.value) in self.results
            )
        return False

    def verdict(self, node: ast.expr | None) -> bool:
        """Whether an expression is a callback's verdict on the run: a call of a parameter
        of the loop's function given the call's result (`success_check(run)`), or a name
        bound to one. Its code is the caller's: a failed run is taken not to pass it."""
        node = unwrap(node)
        if isinstance(node, ast.Name):
            return node.id in self.verdicts
        return self._callback_verdict(node)

    def _callback_verdict(self, node: ast.expr | None) -> bool:
        """Whether an expression calls a parameter of the loop's function on the result."""
        node = unwrap(node)
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            return False
        given = [*node.args, *(k.value for k in node.keywords)]
        return node.func.id in self.callbacks and any(
            unwrap(a) is self.call or (isinstance(a, ast.Name) and a.id in self.results)
            for a in given
        )

    def verdict_call(self) -> str | None:
        """The callback's verdict the loop reads, as written (`success_check(run)`)."""
        calls = (n for n in descendants(self.loop) if isinstance(n, ast.Call))
        found = next((c for c in calls if self.verdict(c)), None)
        if found is None:
            return None
        start, end = self.module.span(found)
        return shortened(self.module.source.text[start:end])

    def caught(self, node: ast.expr) -> bool:
        """Whether a name is the `as e` of an enclosing `except` (a `CalledProcessError`)."""
        current = self.module.parent(node)
        while isinstance(node, ast.Name) and current is not None and current is not self.loop:
            if isinstance(current, ast.ExceptHandler) and current.name == node.id:
                return True
            current = self.module.parent(current)
        return False

    def marked(self, node: ast.expr, count: int = 0) -> bool:
        """Whether a condition is about a rate limit (`"429" in out`): a transient guard.

        `count`: only the first `count` operands of an `and`/`or` (see `either`).
        """
        key = (id(node), count)
        if key not in self._marked:
            if count and isinstance(node, ast.BoolOp):
                start, end = (
                    self.module.span(node.values[0])[0],
                    self.module.span(node.values[count - 1])[1],
                )
            else:
                start, end = self.module.span(node)
            text = self.module.source.text[start:end]
            intents = intents_in(text, self.catalog)
            self._marked[key] = any(i.name == "rate-limit" for i in intents)
        return self._marked[key]

    def condition(self, node: ast.expr, scenario: Scenario, flags: Flags) -> bool | None:
        negated = isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not)
        # (a predicate whose body is read is judged by its body, not by its name:
        # `_is_transient_error(out, rc)` that holds for any non-zero `rc`)
        read = isinstance(node, ast.Call) and self.predicate(node) is not None
        # (and `rc != 0 or RATE_LIMIT.search(out)` by each operand: only one is a marker)
        mixed = (  # (an `and` narrows to its marker)
            isinstance(node, ast.BoolOp)
            and isinstance(node.op, ast.Or)
            and not all(map(self.marked, node.values))
        )
        if self.marked(node) and not self.runs_call(node) and not (negated or read or mixed):
            transient = not scenario.ok and scenario.transient
            return not transient if _negative(node) else transient  # `"429" not in out`
        applies, holds = self.flags.failure_values_verdict(node, scenario.ok)
        if applies:  # `result.code in (Code.ERROR, …)`: some values only a failure gives
            return holds
        if self.flags.is_success(node):
            return scenario.ok
        if self.flags.is_failure(node):
            return not scenario.ok
        if self.verdict(node):
            return None if scenario.ok else False
        if isinstance(node, ast.Name):
            held = dict(flags).get(node.id, _SET)
            return held if isinstance(held, bool) else None if held == _SET else False
        field = _field(node, flags)
        if field is None or isinstance(field, bool):  # `if result.success:`, None falsy
            return bool(field)
        if isinstance(node, ast.Constant) and isinstance(node.value, bool):
            return node.value
        if isinstance(node, ast.Compare) and is_none_test(node):  # `while result is None`
            return self.none_test(node, flags)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            inner = self.condition(node.operand, scenario, flags)
            return None if inner is None else not inner
        if isinstance(node, ast.BoolOp) and scenario.ok and isinstance(node.op, ast.And):
            # a success test with an error slot of the same result (`rc == 0 and not
            # killed_by`, the items of `out, rc, killed_by = run(…)`): a success passes it
            rest = [v for v in node.values if self.condition(v, scenario, flags) is not True]
            if rest and len(rest) < len(node.values) and all(map(self._empty_slot, rest)):
                return True
        if isinstance(node, ast.BoolOp):
            return self.either(node, len(node.values), scenario, flags)
        if isinstance(node, ast.Call) and (inlined := self.predicate(node)) is not None:
            return self.condition(inlined, scenario, flags)
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and self.counter is not None:
            last = before_last(node, self.counter)  # `attempt == retries - 1`: not yet
            if last is not None:
                return last
        if isinstance(node, ast.Compare) and (member := _member_test(node, flags)) is not None:
            return member
        if isinstance(node, ast.Compare) and len(node.ops) == 1:
            operator, left, right = type(node.ops[0]).__name__, node.left, node.comparators[0]
            if self.is_status(right) and not self.is_status(left):
                left, right, operator = right, left, _FLIPPED.get(operator, "")
            values = integers(self.module, right) if self.is_status(left) else None
            return None if values is None else _compare(scenario.code, operator, values)
        return not scenario.ok if self.is_status(node) else None

    def _empty_slot(self, node: ast.expr) -> bool:
        """Whether a test holds when another item of the tuple the call returned with the
        status is empty (`not killed_by`, `error is None`)."""
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            node = node.operand
        elif isinstance(node, ast.Compare) and is_none_test(node):
            if not isinstance(node.ops[0], ast.Is | ast.Eq):
                return False
            node = node.left
        return isinstance(node, ast.Name) and node.id in self.items

    def predicate(self, call: ast.Call) -> ast.expr | None:
        """The test a predicate of the module stands for, given the call's result or its
        status (`if not _is_retriable(result):`); its parameter then names it too."""
        key = id(call)
        if key not in self._predicates:
            self._predicates[key] = None  # a predicate that asks itself: not read
            found = inline(self.module, call, lambda a: self.flags.is_value(a) or self.is_status(a))
            if found is not None:
                expression, parameter, given = found
                names = self.statuses if self.is_status(given) else self.results
                names.add(parameter)
                self._predicates[key] = expression
        return self._predicates[key]

    def message_test(self, node: ast.expr) -> str | None:
        """The word a condition looks for in what the run said (`"timeout" in
        result.error.lower()`, also as an operand of an `and`), or None for any other."""
        if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And):
            return next((w for v in node.values if (w := self.message_test(v))), None)
        if isinstance(node, ast.BoolOp):  # `"timeout" in err or "overloaded" in err`
            words = [self.message_test(v) for v in node.values]
            return "` or `".join(w for w in words if w) if all(words) else None
        if not (isinstance(node, ast.Compare) and len(node.ops) == 1):
            return None
        if not isinstance(node.ops[0], ast.In):
            return None
        word, text = node.left, node.comparators[0]
        if not (isinstance(word, ast.Constant) and isinstance(word.value, str) and word.value):
            return None
        said = self.results | self.flags.names
        read = any(isinstance(n, ast.Name) and n.id in said for n in descendants(text))
        return word.value if read else None

    def either(self, node: ast.BoolOp, count: int, scenario: Scenario, flags: Flags) -> bool | None:
        """The first `count` operands of `a or b or c`, read as `(a or b) or c`: each
        operation of two, the inner ones with a rate-limit marker of their own."""
        operands = node.values[:count]
        inner = count < len(node.values)  # the whole operation is a condition of its own
        if inner and self.marked(node, count) and not any(self.runs_call(o) for o in operands):
            return not scenario.ok and scenario.transient
        left = (
            self.either(node, count - 1, scenario, flags)
            if count > 2
            else self.condition(operands[0], scenario, flags)
        )
        both = (left, self.condition(operands[-1], scenario, flags))
        decisive = isinstance(node.op, ast.Or)  # the value that decides alone
        return decisive if decisive in both else (None if None in both else not decisive)

    def block(self, nodes: Sequence[ast.stmt], scenario: Scenario, start: _Path) -> list[_Path]:
        return through_block(nodes, start, lambda node, p: self.statement(node, scenario, p))

    def statement(self, node: ast.stmt, scenario: Scenario, path: _Path) -> list[_Path]:
        failing = not scenario.ok and scenario.raises
        if not isinstance(node, ast.Assign | ast.AnnAssign) and (
            rebound := _rebound(node, path.flags)
        ):
            # a name bound another way (`for result in …`, `with … as result`,
            # `result: R = …`) leaves the fields of its old value behind
            path = path._replace(flags=frozenset((dict(path.flags) | rebound).items()))
        if isinstance(node, ast.If | ast.While | ast.For | ast.AsyncFor | ast.With | ast.AsyncWith):
            head: Sequence[ast.AST] = (
                node.items
                if isinstance(node, ast.With | ast.AsyncWith)
                else [node.iter if isinstance(node, ast.For | ast.AsyncFor) else node.test]
            )
            if any(self.runs_call(h) for h in head):
                path = path.running()
                if failing:
                    return [path.to(_RAISE)]
        if isinstance(node, ast.If):  # an `elif` is an `if` alone in `orelse`
            test = self.condition(node.test, scenario, path.flags)
            inside = path
            if test is not None and not scenario.ok and not path.decided:
                otherwise = self.condition(node.test, SUCCESS, path.flags)
                inside = path._replace(decided=otherwise != test)  # a success: not the same way
            elif test is not None and scenario.ok and not path.chosen:
                otherwise = self.condition(node.test, _FAILURE, path.flags)
                inside = path._replace(chosen=otherwise is not None and otherwise != test)
            counter, tested = self.counter, node.test
            if counter and isinstance(tested, ast.Compare) and before_last(tested, counter):
                inside = inside._replace(counted=True)  # `if attempt < retries:`
            # (a branch no value a success gives reaches is no way the loop goes)
            held, rest = self.narrowed(node.test, scenario, path)
            into = inside if held is None else inside._replace(possible=held)
            paths = (
                self.block(node.body, scenario, into)
                if test is not False and held != frozenset()
                else []
            )
            if inside.decided and not path.decided:  # what a branch the failure takes does
                paths = [_steered(p, path) for p in paths]
            others: list[_Path] = []
            if test is not True and rest != frozenset():
                past, through = (
                    (inside, path)
                    if rest is None
                    else (inside._replace(possible=rest), path._replace(possible=rest))
                )
                others = self.block(node.orelse, scenario, past) if node.orelse else [through]
            if test is None and not scenario.ok and path.ran and path.through is None:
                paths = self.through(node.test, paths, others)
            if test is None and path.ran:
                paths = self.unsure_under(node.test, paths, others, scenario.ok)
                if scenario.ok:  # a success that goes round by the `else`: under its negation
                    others = self.unsure_under(node.test, others, paths, scenario.ok)
                else:
                    others = self.unsure_past(node.test, others, paths)
            # the branch is left behind where the paths join again after the `if`
            return [
                p._replace(decided=path.decided, counted=path.counted, chosen=path.chosen)
                if p.outcome == FALL
                else p
                for p in (*paths, *others)
            ]
        if isinstance(node, ast.Try):
            return self.try_(node, scenario, path)
        if isinstance(node, ast.With | ast.AsyncWith):
            return self.block(node.body, scenario, path)
        if isinstance(node, Loop):  # a loop inside: `break`/`continue` stay in it
            inner = self.block(node.body, scenario, path)
            return [
                p._replace(outcome=FALL, chosen=path.chosen) if p.outcome in (_NEXT, _BREAK) else p
                for p in inner
            ] + [path]
        return self.small(node, scenario, path)

    def narrowed(
        self, test: ast.expr, scenario: Scenario, path: _Path
    ) -> tuple[frozenset[str] | None, frozenset[str] | None]:
        """On a success, the values the result's field may still hold in the body and in
        the `else` of an `if` on them (empty: no value a success gives goes that way, so
        neither does the loop); None, None for a test of anything else."""
        tested = self.flags.success_values(test) if scenario.ok else None
        if tested is None:
            return None, None
        named, negated, every = tested
        possible = path.possible if path.possible is not None else every
        held = possible - named if negated else possible & named
        return held, possible - held

    def small(self, node: ast.stmt, scenario: Scenario, path: _Path) -> list[_Path]:
        if self.runs_call(node):
            path = path.running()
            if not scenario.ok and scenario.raises:
                return [path.to(_RAISE)]
        jump = _JUMPS.get(type(node))
        if jump is not None:
            return [path.to(jump)]
        if puts_back(node, self.queues):
            return [path._replace(requeued=True)]
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
            called = node.value
            if self.module.calls.get(called, frozenset()) & _EXITS or call_stops(
                self.module, called, module_facts(self.module.tree).stopping
            ):
                return [path.to(_EXIT)]  # also `handle_error(…)`, whose body exits
            func = called.func
            if isinstance(func, ast.Attribute) and func.attr == "check_returncode":
                return [path.to(FALL if scenario.ok else _RAISE)]
        if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            value = self._built(node.value)
            held = {
                name: held
                for target in targets
                for name, held in _assigned(target, value, self._classes)
            }
            target = targets[0] if len(targets) == 1 else None
            if isinstance(target, ast.Name) and self._is_test(node.value):
                # a name that keeps a test's outcome (`success = not is_error(out, rc)`, then
                # `if success:`) holds what the test gives on this path, when that is known
                tested = self.condition(node.value, scenario, path.flags)
                held[target.id] = _SET if tested is None else tested
            if held:
                # a name given a new value leaves the fields of its old one behind
                stale = {k: _SET for k, _ in path.flags if k.split(".", 1)[0] in held}
                flags = frozenset((dict(path.flags) | stale | held).items())
                return [path._replace(outcome=FALL, flags=flags)]
        return [path]

    def _built(self, value: ast.expr) -> ast.expr:
        """The construction a factory of the module's classes stands for, its parameters
        given the call's arguments (`Result.failed(msg, Code.ERROR)`, whose body is
        `return cls(output=msg, success=False, code=code)`); else `value` itself."""
        if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute)):
            return value
        owner = dotted_name(value.func.value) or ""
        factory = self._factories.get((owner.rsplit(".", 1)[-1], value.func.attr))
        if factory is None or any(isinstance(a, ast.Starred) for a in value.args):
            return value
        parameters, made = factory
        given = dict(zip(parameters, value.args, strict=False))
        given.update({k.arg: k.value for k in value.keywords if k.arg})

        def bound(node: ast.expr) -> ast.expr:
            return given.get(node.id, node) if isinstance(node, ast.Name) else node

        keywords = [ast.keyword(k.arg, bound(k.value)) for k in made.keywords if k.arg]
        return ast.Call(ast.Name(owner.rsplit(".", 1)[-1]), [bound(a) for a in made.args], keywords)

    @property
    def _factories(self) -> dict[tuple[str, str], tuple[list[str], ast.Call]]:
        return of_current(self.module, _class_factories)

    @property
    def _classes(self) -> dict[str, list[str]]:
        return of_current(self.module, _module_classes)

    def _is_test(self, node: ast.expr) -> bool:
        """Whether an expression is a test: a comparison, `not`, `and`/`or` of tests, or a
        call of a predicate of the module whose body can be read (`predicate`)."""
        if isinstance(node, ast.Compare) or (
            isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not)
        ):
            return True
        if isinstance(node, ast.BoolOp):
            return all(map(self._is_test, node.values))
        return isinstance(node, ast.Call) and self.predicate(node) is not None

    def none_test(self, node: ast.Compare, flags: Flags) -> bool | None:
        """`NAME is None` (`is not None`, `== None`) of a name the path assigned, or None."""
        left, right = node.left, node.comparators[0]
        name = right if isinstance(left, ast.Constant) else left
        assigned = dict(flags)
        if not (isinstance(name, ast.Name) and name.id in assigned):
            return None
        held = assigned[name.id]
        return held is None if isinstance(node.ops[0], ast.Is | ast.Eq) else held is not None

    def try_(self, node: ast.Try, scenario: Scenario, path: _Path) -> list[_Path]:
        result: list[_Path] = []
        for inner in self.block(node.body, scenario, path):
            if inner.outcome == FALL and node.orelse:
                result += self.block(node.orelse, scenario, inner)
            elif inner.outcome != _RAISE:
                result.append(inner)
            else:
                for handler in node.handlers:
                    catches = self.catches(handler, scenario)
                    if catches is not False:
                        start = inner._replace(outcome=FALL, via=handler, decided=True)
                        result += self.block(handler.body, scenario, start)
                    if catches:
                        break
                else:
                    result.append(inner)
        return result

    def wide(self, handler: ast.ExceptHandler) -> bool:
        """A bare `except`, `Exception`, or `CalledProcessError` around a checked process."""
        wide = self.steps.blanket_exceptions
        if self.failure.checked:
            wide = wide | self.steps.process_exceptions
        return handler.type is None or any(c in wide for c in class_names(handler.type))

    def catches(self, handler: ast.ExceptHandler, scenario: Scenario) -> bool | None:
        """Whether a handler catches the scenario's exception: yes, no, or maybe."""
        if scenario.ok or not scenario.raises:
            return False
        if handler.type is None or self.wide(handler):
            return True
        if all(c in self.steps.unrelated_exceptions for c in class_names(handler.type)):
            return False  # `except queue.Empty`: not the step's failure
        if all(c in self.steps.transient_exceptions for c in class_names(handler.type)):
            # a transient failure may be of another transient class than these (a rate
            # limit, where the handler names a time-out): maybe; a lasting one, never
            return None if scenario.transient else False
        return None

    def iterate(self, scenario: Scenario) -> dict[str, set[ast.ExceptHandler | None]]:
        """Whether the loop goes on (`next`) or ends (`leave`), and through which handlers."""
        loop, start = self.loop, _Path(FALL)
        test = loop.test if isinstance(loop, ast.While) else None
        if test is not None and self.runs_call(test):
            failing = not scenario.ok and scenario.raises
            holds = None if failing else self.condition(test, scenario, start.flags)
            if failing or holds is False:
                return {"leave": {None}}
            # `while not run(…):`: it ran, and into the body (because it failed, when the
            # test holds on a failure only)
            decided = holds is True and not scenario.ok
            test, start = None, start.running()._replace(decided=decided, steered=decided)
        found: dict[str, set[ast.ExceptHandler | None]] = {}
        paths = [p for p in self.block(loop.body, scenario, start) if p.ran]
        # (a path where the call did not run went on or left the same in every scenario)
        if test is not None:
            paths = [
                p.to(_BREAK) if self.condition(test, scenario, p.flags) is False else p
                for p in paths
            ]
        if any(p.steered and p.outcome not in (FALL, _NEXT) for p in paths) and not scenario.ok:
            # others of its kind leave by a branch the failure decides: one that goes round
            # through the body of a test the run does not decide goes round only under it
            paths = [
                p._replace(unsure=p.through) if p.unsure is None and p.through else p for p in paths
            ]
            if any(p.outcome in (FALL, _NEXT) and p.through is not None for p in paths):
                found[UNDER] = {p.via for p in paths if p.through is not None}
        for path in paths:
            goes_on = path.outcome in (FALL, _NEXT)
            found.setdefault("next" if goes_on else "leave", set()).add(path.via)
            if not goes_on and path.steered and not scenario.ok:
                found.setdefault(STEERED, set()).add(path.via)
            if not goes_on and path.chosen and scenario.ok:
                found.setdefault(CHOSEN, set()).add(path.via)
            if goes_on and path.decided and path.outcome == _NEXT:
                found.setdefault(DECIDED, set()).add(path.via)
                if path.counted:
                    found.setdefault(COUNTED, set()).add(path.via)
            if goes_on and path.requeued:
                found.setdefault(REQUEUED, set()).add(path.via)
            if goes_on and path.unsure is None:
                found.setdefault(SURE, set()).add(path.via)
            elif goes_on and not scenario.ok and path.unsure not in self.unsure:
                assert path.unsure is not None
                self.unsure.append(path.unsure)
            elif goes_on and scenario.ok and path.unsure is not None:
                self.success_unsure.append(path.unsure)
        return found

    def paced(self, test: ast.expr) -> bool:
        """Whether a test only waits for an event or for time to pass (`if
        self._stop.wait(interval): break`), reading nothing the run gave: a service loop's
        pause, which ends it when it is stopped."""
        said = self.results | self.statuses | self.items | self.flags.names
        nodes = list(descendants(test))
        calls = [n for n in nodes if isinstance(n, ast.Call)]
        return (
            bool(calls)
            and all(isinstance(c.func, ast.Attribute) and c.func.attr in _WAITS for c in calls)
            and not any(isinstance(n, ast.Name) and n.id in said for n in nodes)
        )

    def through(self, test: ast.expr, paths: list[_Path], others: list[_Path]) -> list[_Path]:
        """The paths through the body of an `if` on a test the run does not decide, marked
        as going on only under it where the other branch leaves, now or by a flag a
        branch the failure decides set (`elif rc != 0: stop = True`, `if stop: break`);
        a test of the loop's counters is a bound, not a test of the run."""
        ends = (FALL, _NEXT)
        if self.runs_call(test) or self._counts(test):
            return paths
        if not all(p.outcome not in ends or p.steered for p in others):
            return paths
        return [p._replace(through=test) if p.outcome in ends else p for p in paths]

    def _counts(self, test: ast.expr) -> bool:
        """Whether a test reads a counter of the loop (`attempt < max_retries`)."""
        names = {n.id for n in descendants(test) if isinstance(n, ast.Name)}
        return bool(names & self.counters)

    def _bound(self, test: ast.expr) -> bool:
        """Whether a test compares a counter of the loop with a bound (`tries < limit`): a
        cap on the attempts, which narrows none of the failures."""
        sides = [test.left, *test.comparators] if isinstance(test, ast.Compare) else []
        return len(sides) == 2 and any(
            isinstance(side, ast.Name) and side.id in self.counters for side in sides
        )

    @functools.cached_property
    def counters(self) -> frozenset[str]:
        """The loop's attempt counter and the names its body adds to (`attempt += 1`,
        `failures = failures + 1`)."""
        found = {self.counter} if self.counter else set()
        for node in descendants(self.loop):
            if isinstance(node, ast.AugAssign) and isinstance(node.op, ast.Add):
                found.update(n.id for n in [node.target] if isinstance(n, ast.Name))
            elif isinstance(node, ast.Assign) and isinstance(node.value, ast.BinOp):
                left, right = node.value.left, node.value.right
                if isinstance(node.value.op, ast.Add) and isinstance(left, ast.Name):
                    # `n = n + 1`, or a count kept in a mapping: `tries[key] = n + 1`
                    counted = integer(self.module, right) is not None
                    found.update(
                        left.id
                        for t in node.targets
                        if (isinstance(t, ast.Name) and t.id == left.id)
                        or (counted and isinstance(t, ast.Subscript))
                    )
        return frozenset(found)

    def unsure_under(
        self, test: ast.expr, paths: list[_Path], others: list[_Path], ok: bool
    ) -> list[_Path]:
        """The paths through the body of an `if` on a test the run does not decide, marked
        when they go round only under it: by `continue`, or where the `else` leaves
        (`if is_transient(out): sleep(5)` / `else: raise`). For a failure, a test that
        leaves out some runs (`if "fatal" not in err: continue`) narrows nothing: the
        others go round; a success goes round only under either kind (`if "SCORE:" not
        in out: continue`)."""
        if (_negative(test) and not ok) or self._bound(test):
            return paths
        leaves = all(p.outcome not in (FALL, _NEXT) for p in others)
        return [
            p._replace(unsure=test)
            if p.unsure is None and (p.outcome == _NEXT or (leaves and p.outcome == FALL))
            else p
            for p in paths
        ]

    def unsure_past(self, test: ast.expr, others: list[_Path], paths: list[_Path]) -> list[_Path]:
        """For a failure, the paths past an `if` whose body leaves on a comparison that
        holds when a value is not one named (`if category != Category.TRANSIENT: break`):
        they go round only where it is that one, a narrowing (`unless` the comparison
        holds, in messages). A negated call (`if not should_retry(r): return`) is the
        predicate's to decide, read where the run's outcome decides it."""
        compared = isinstance(test, ast.Compare) and _negative(test)
        if not (compared and paths and all(p.outcome not in (FALL, _NEXT) for p in paths)):
            return others
        negation = self._negations.setdefault(
            id(test), ast.copy_location(ast.UnaryOp(ast.Not(), test), test)
        )
        return [
            p._replace(unsure=negation) if p.unsure is None and p.outcome in (FALL, _NEXT) else p
            for p in others
        ]

    def under(self, tests: list[ast.expr]) -> str:
        """The reason a loop goes round only under `tests`, for messages: the words they
        look for in what the run said (`"timeout" in result.error`), or the first test
        as written (`unless` a test past which it goes round does not hold)."""
        words = [self.message_test(test) for test in tests]
        if all(words):
            said = "` or `".join(dict.fromkeys(w for w in words if w))
            return f"when what the failed run said mentions `{said}`"
        first = tests[0]
        negated = isinstance(first, ast.UnaryOp) and first in self._negations.values()
        shown = first.operand if isinstance(first, ast.UnaryOp) and negated else first
        start, end = self.module.span(shown)
        text = shortened(self.module.source.text[start:end])
        return f"unless `{text}`" if negated else f"when `{text}`"

    def scenarios(self) -> list[Scenario]:
        """The ways the call can fail that the loop may tell apart."""
        failure, codes = self.failure, sorted(self.literals - {0})
        transient = failure.transient_codes
        found: list[Scenario] = []
        if failure.status:  # returned, or raised with the exception when checked
            raised = failure.checked
            found += [Scenario(False, code, code in transient, raised) for code in codes]
            found.append(Scenario(False, None, False, raised))
            if transient and not transient & set(codes):
                found.append(Scenario(False, min(transient), True, raised))
        elif failure.flag is not None:  # a step that returns how it went (`result.success`)
            found.append(Scenario(False, None, False, False))
        if failure.raises and not failure.checked:
            found += [Scenario(False, None, False, True), Scenario(False, None, True, True)]
        return found


def _class_factories(module: PythonModule) -> dict[tuple[str, str], tuple[list[str], ast.Call]]:
    """The class methods of the module's classes whose body only builds their class
    (`return cls(…)`), by (class, method): their parameters after `cls`, and the call.
    Made once per module (`of_current`), for every loop of it."""
    found: dict[tuple[str, str], tuple[list[str], ast.Call]] = {}
    for cls in module_statements(module.tree):
        if not isinstance(cls, ast.ClassDef):
            continue
        for method in cls.body:
            if not isinstance(method, ast.FunctionDef) or len(method.body) != 1:
                continue
            returned = method.body[0]
            made = returned.value if isinstance(returned, ast.Return) else None
            kinds = {dotted_name(d) for d in method.decorator_list}
            if not isinstance(made, ast.Call) or not kinds & {"classmethod", "staticmethod"}:
                continue
            if dotted_name(made.func) in {"cls", cls.name}:
                parameters = [a.arg for a in method.args.args]
                skipped = 1 if "classmethod" in kinds else 0  # `cls`
                found[(cls.name, method.name)] = (parameters[skipped:], made)
    return found


def _module_classes(module: PythonModule) -> dict[str, list[str]]:
    """The module's classes' fields in order (a dataclass's call fills them by place),
    once per module."""
    return module_class_fields(module.tree)


def _rebound(node: ast.stmt, flags: Flags) -> dict[str, bool | str | None]:
    """The fields the flags hold of names a statement other than `=` binds, made unknown
    (`_SET`): its own targets (`for`, `with … as`, `: T =`, `+=`) and the names its own
    expression binds (`(result := run(…))`), not those of the blocks it holds."""
    held = {key for key, _ in flags if "." in key}
    if not held:
        return {}
    targets: list[ast.AST] = []
    if isinstance(node, ast.AnnAssign | ast.AugAssign | ast.For | ast.AsyncFor):
        targets.append(node.target)
    elif isinstance(node, ast.With | ast.AsyncWith):
        targets += [item.optional_vars for item in node.items if item.optional_vars]
    value = getattr(node, "value", None) if isinstance(node, ast.Expr | ast.Return) else None
    targets += [n.target for n in ast.walk(value) if isinstance(n, ast.NamedExpr)] if value else []
    names = {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    return {key: _SET for key in held if key.split(".", 1)[0] in names}


def _field(node: ast.expr, flags: Flags) -> bool | str | None:
    """What the path's flags hold for a field read (`result.success`), or `_NOTHING`."""
    if not (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)):
        return _NOTHING
    return dict(flags).get(f"{node.value.id}.{node.attr}", _NOTHING)


def _member_test(node: ast.Compare, flags: Flags) -> bool | None:
    """`result.code == Code.NONE` (`!=`, `is`, `is not`, `in (…)`, `not in (…)`) of a field
    the path gave a member."""
    if len(node.ops) != 1:
        return None
    operator, left, right = node.ops[0], node.left, node.comparators[0]
    held = _field(left, flags)
    if isinstance(operator, ast.In | ast.NotIn) and isinstance(right, ast.Tuple | ast.List):
        named = [dotted_name(e) if isinstance(e, ast.Attribute) else None for e in right.elts]
        if isinstance(held, str) and held.startswith("=") and None not in named:
            return (held[1:] in named) == isinstance(operator, ast.In)
        return None
    if not isinstance(operator, ast.Eq | ast.NotEq | ast.Is | ast.IsNot):
        return None
    for field, other in ((left, right), (right, left)):
        held = _field(field, flags)
        dotted = dotted_name(other) if isinstance(other, ast.Attribute) else None
        if isinstance(held, str) and held.startswith("=") and dotted is not None:
            return (held == f"={dotted}") == isinstance(operator, ast.Eq | ast.Is)
    return None


def _negative(test: ast.expr) -> bool:
    """A test that holds when something is absent (`not …`, `x not in y`, `a != b`,
    `match is None`; not `RATE_LIMIT.search(out) is not None`, which holds when it is
    found)."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return True
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
        return False
    operator, other = test.ops[0], test.comparators[0]
    if isinstance(other, ast.Constant) and other.value is None:
        return isinstance(operator, ast.Is | ast.Eq)
    return isinstance(operator, ast.NotIn | ast.NotEq | ast.IsNot)
