"""Retry constructs in Python: everything that re-runs a call after it fails.

The catalogue RA301 and RA401 share. A construct is a retry library's
decorator or loop (tenacity, backoff, retrying, stamina: `rules/data/steps.toml`),
a retry decorator written in the audited tree (this module's, or another's
through the project index), either one applied to a function reference
(`retry(...)(step)`), or a hand-written loop (`for … in range(n)`,
`itertools.count()`, `while`). Each says which calls it re-runs and how:
after any failure (*blanket*), or only after some (*narrowed*, perhaps only
*transient* ones). Whether a hand-written loop re-runs a call is decided
call by call, by walking one iteration per way the call can end (the second
half of this module, `loop_retries`).
"""

from __future__ import annotations

import ast
import functools
import warnings
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

import libcst as cst

from auditor.exit_codes import intents_in
from auditor.python.module import PythonModule, PythonUnit, _dotted, descendants, integer_value
from auditor.python.steps import RetryLibrary, StepCatalog, default_steps, import_aliases
from auditor.python.summary import RetryDecorator, module_constants, retry_decorator_details

_LOOP_ITERATORS = frozenset({"builtins.range", "range", "itertools.count"})
_ORDERING = (cst.LessThan, cst.LessThanEqual, cst.GreaterThan, cst.GreaterThanEqual)
_WIDE_PREDICATES = frozenset({"retry_if_not_exception_type", "retry_always", "retry_any"})
_EX_CODES = {"EX_OK": 0, "EX_TEMPFAIL": 75}


class CallFailure(NamedTuple):
    """How a call fails: it raises, it ends with a non-zero status, or either."""

    raises: bool = True
    status: bool = False  # a process: it has an exit status
    checked: bool = False  # a non-zero status raises (`check=True`) instead of being returned
    transient_codes: frozenset[int] = frozenset({75})


class Retry(NamedTuple):
    """How a construct re-runs a failed call."""

    blanket: bool  # after any failure
    transient_only: bool  # only after a transient one (exit 75, a rate-limit marker or class)
    reason: str  # "after `except Exception`", "on any non-zero exit"


@dataclass
class RetryConstruct:
    """A decorator, loop or call that re-runs calls after they fail."""

    node: cst.CSTNode  # the decorator, the loop, or the wrapping call
    start: int  # where a finding goes: the decorator, the loop header (file offsets)
    end: int
    label: str  # "`@retry`", "retry decorator `retry_on_overloaded`", "`while True` loop"
    attempts: int | None = None  # the attempt limit, when known
    unlimited: bool = False  # no attempt limit at all
    bounded: bool = True
    region: cst.CSTNode | None = None  # the decorated function or library loop: all re-run
    retry: Retry | None = None  # how a decorator or library loop re-runs what it covers
    loop: cst.For | cst.While | None = None  # a hand-written loop: decided call by call
    wrapped: cst.BaseExpression | None = None  # `retry(...)(fn)`: the function re-run
    _unit: PythonUnit | None = field(default=None, repr=False)
    _steps: StepCatalog | None = field(default=None, repr=False)

    def describe(self) -> str:
        """The label with its attempt limit: "`@retry` (5 attempts)"."""
        if self.attempts is not None:
            return f"{self.label} ({self.attempts} attempt{'s' if self.attempts != 1 else ''})"
        return f"{self.label} (no attempt limit)" if self.unlimited else self.label

    def retries(self, call: cst.CSTNode, failure: CallFailure) -> Retry | None:
        """How this construct re-runs `call` after it fails, or None if it does not."""
        unit = self._unit
        if unit is None or unit.module is None or self.wrapped is not None:
            return None
        if self.loop is not None:
            if not inside(unit.module, call, self.loop):
                return None
            return loop_retries(unit, self.loop, call, failure, self._steps)
        if self.region is not None and inside(unit.module, call, self.region):
            return self.retry
        return None


def inside(module: PythonModule, node: cst.CSTNode, container: cst.CSTNode) -> bool:
    """Whether `node` runs as part of `container` (not in a function or lambda it defines)."""
    current = module.parent(node)
    while current is not None:
        if current is container:
            return True
        if isinstance(current, cst.FunctionDef | cst.Lambda | cst.ClassDef):
            return False
        current = module.parent(current)
    return False


def walk(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """`node` and everything under it."""
    return descendants(node)


def integers(module: PythonModule, node: cst.BaseExpression | None) -> tuple[int, ...] | None:
    """The integers an expression is: a literal, `-N`, a module constant, `os.EX_TEMPFAIL`,
    a tuple, list or set of those, or `+`/`-` of two."""
    if isinstance(node, cst.Integer):
        value = integer_value(node)
        return (value,) if value is not None else None
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        inner = integers(module, node.expression)
        return (-inner[0],) if inner and len(inner) == 1 else None
    if isinstance(node, cst.Tuple | cst.List | cst.Set):
        values = [integers(module, e.value) for e in node.elements]
        if values and all(v is not None and len(v) == 1 for v in values):
            return tuple(v[0] for v in values if v)
        return None
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Add | cst.Subtract):
        left, right = integers(module, node.left), integers(module, node.right)
        if left and right and len(left) == len(right) == 1:
            sign = 1 if isinstance(node.operator, cst.Add) else -1
            return (left[0] + sign * right[0],)
        return None
    dotted = _dotted(node) if node is not None else None
    if dotted is not None and dotted.rsplit(".", 1)[-1] in _EX_CODES:
        return (_EX_CODES[dotted.rsplit(".", 1)[-1]],)
    if isinstance(node, cst.Name):
        bindings = module.bindings.get((module.tree, node.value), [])
        if len(bindings) == 1 and isinstance(bindings[0].value, cst.Integer):
            value = integer_value(bindings[0].value)
            return (value,) if value is not None else None
    return None


def _integer(module: PythonModule, node: cst.BaseExpression | None) -> int | None:
    values = integers(module, node)
    return values[0] if values and len(values) == 1 else None


def class_names(node: cst.BaseExpression) -> list[str]:
    """The exception classes an expression lists (`(A, b.B)`), last name component only."""
    if isinstance(node, cst.Tuple | cst.List):
        return [c for e in node.elements for c in class_names(e.value)]
    dotted = _dotted(node)
    return [dotted.rsplit(".", 1)[-1]] if dotted else ["?"]


def _keyword(call: cst.Call | None, name: str | None) -> cst.BaseExpression | None:
    if call is None or name is None:
        return None
    return next((a.value for a in call.args if a.keyword and a.keyword.value == name), None)


def _positional(call: cst.Call | None, index: int | None) -> cst.BaseExpression | None:
    values = [a.value for a in call.args if a.keyword is None] if call else []
    return values[index] if index is not None and index < len(values) else None


class _Catalogue:
    def __init__(self, unit: PythonUnit, steps: StepCatalog) -> None:
        assert unit.module is not None
        self.unit, self.module, self.steps = unit, unit.module, steps
        self.aliases = import_aliases(self.module)
        self.text = self.module.source.text

    def qualified(self, node: cst.BaseExpression) -> str:
        dotted = _dotted(node) or ""
        head, _, rest = dotted.partition(".")
        resolved = self.aliases.get(head, head)
        return f"{resolved}.{rest}" if rest else resolved

    def code(self, node: cst.CSTNode) -> str:
        start, end = self.module.span(node)
        return " ".join(self.text[start:end].split())

    def make(self, node: cst.CSTNode, label: str, **kw: object) -> RetryConstruct:
        start, end = self.module.span(node)
        construct = RetryConstruct(node, start, end, label, **kw)  # type: ignore[arg-type]
        construct._unit, construct._steps = self.unit, self.steps
        return construct

    @functools.cached_property
    def local_decorators(self) -> dict[str, RetryDecorator]:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # the audited code's SyntaxWarnings
                tree = ast.parse(self.text)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return {}
        return retry_decorator_details(tree, module_constants(tree), self.steps)

    def tree_decorator(self, func: cst.BaseExpression) -> RetryDecorator | None:
        """A retry decorator of this module, or of another through the project index."""
        if isinstance(func, cst.Name) and func.value not in self.aliases:
            return self.local_decorators.get(func.value)
        module_name, _, name = self.qualified(func).rpartition(".")
        summary = self.unit.project.python.get(module_name)
        if summary is None or name not in summary.retry_decorators:
            return None
        # The index keeps attempts only: what the wrapper catches is not known here.
        return RetryDecorator(name, summary.retry_decorators[name], None, None, False, "a failure")

    def uses(
        self, func: cst.BaseExpression, call: cst.Call | None, form: str
    ) -> tuple[str, Retry, int | None, bool] | None:
        """A retry decorator or loop `func` (called with `call`'s arguments): its label,
        what it retries, its attempt limit and whether it has none."""
        library = self.steps.libraries.get(self.qualified(func))
        if library is not None and library.form == form:
            return (self.code(func), *self.library_retry(library, call))
        found = self.tree_decorator(func) if form == "decorator" else None
        if found is None:
            return None
        attempts = found.attempts
        if call is not None and found.parameter is not None:
            value = _keyword(call, found.parameter) or _positional(call, found.position)
            attempts = _integer(self.module, value) if value is not None else attempts
        retry = Retry(found.blanket, False, f"after {found.catches}")
        kind = "retry helper" if found.helper else "retry decorator"
        return f"{kind} `{self.code(func)}`", retry, attempts, False

    def library_retry(
        self, library: RetryLibrary, call: cst.Call | None
    ) -> tuple[Retry, int | None, bool]:
        exceptions = _keyword(call, library.exception_keyword) or _positional(
            call, library.exception_position
        )
        predicate = next(
            ((k, v) for k in library.predicate if (v := _keyword(call, k)) is not None), None
        )
        if predicate is not None:
            retry = self.predicate(*predicate)
        elif exceptions is not None:
            retry = self.narrowing(class_names(exceptions), f"`{self.code(exceptions)}`")
        elif library.predicate and not library.exception_keyword:
            retry = Retry(True, False, f"after any exception (no `{library.predicate[0]}=`)")
        else:
            retry = Retry(True, False, "after any exception")
        attempts = _integer(self.module, _keyword(call, library.attempts_keyword))
        stop = _keyword(call, library.stop_keyword)
        for node in walk(stop) if stop is not None else ():
            if isinstance(node, cst.Call) and self.qualified(node.func) in library.stop_calls:
                attempts = _integer(self.module, node.args[0].value) if node.args else None
        limited = stop is not None or _keyword(call, library.attempts_keyword) is not None
        if not limited and library.default_attempts:
            attempts = library.default_attempts
        return retry, attempts, not limited and not library.default_attempts

    def narrowing(self, classes: list[str], what: str) -> Retry:
        if not classes or any(c in self.steps.blanket_exceptions for c in classes):
            return Retry(True, False, f"after any exception ({what})")
        transient = all(c in self.steps.transient_exceptions for c in classes)
        return Retry(False, transient, f"after {', '.join(f'`{c}`' for c in classes)}")

    def predicate(self, keyword: str, node: cst.BaseExpression) -> Retry:
        """tenacity's `retry=`: `retry_if_exception_type(X)` narrows to X; most others narrow."""
        shown = f"`{keyword}={self.code(node)}`"
        for call in (n for n in walk(node) if isinstance(n, cst.Call)):
            name = self.qualified(call.func).rsplit(".", 1)[-1]
            if name in _WIDE_PREDICATES:
                return Retry(True, False, f"after any exception ({shown})")
            if name == "retry_if_exception_type":
                return self.narrowing(class_names(call.args[0].value) if call.args else [], shown)
        return Retry(False, False, f"when {shown} holds")

    def decorator(
        self, decorator: cst.Decorator, function: cst.FunctionDef
    ) -> RetryConstruct | None:
        expression = decorator.decorator
        call = expression if isinstance(expression, cst.Call) else None
        found = self.uses(call.func if call else expression, call, "decorator")
        if found is None:
            return None
        label, retry, attempts, unlimited = found
        label = f"`@{label}`" if not label.startswith("retry decorator") else label
        return self.make(
            decorator, label, attempts=attempts, unlimited=unlimited, region=function, retry=retry
        )

    def wrapping_call(self, call: cst.Call) -> RetryConstruct | None:
        """`retry(stop=…)(fn)`, `Retrying(…)(fn, …)`, `retry_on_overloaded()(fn)`."""
        target = call.args[0].value if call.args and call.args[0].keyword is None else None
        if not isinstance(target, cst.Name | cst.Attribute):
            return None
        inner = call.func if isinstance(call.func, cst.Call) else None
        func = inner.func if inner is not None else call.func
        found = self.uses(func, inner, "decorator") or (
            self.uses(func, inner, "loop") if inner is not None else None
        )
        if found is None:
            return None
        label, retry, attempts, unlimited = found
        label = label if label.startswith(("retry decorator", "retry helper")) else f"`{label}(…)`"
        return self.make(
            call, label, attempts=attempts, unlimited=unlimited, retry=retry, wrapped=target
        )

    def loop(self, loop: cst.For | cst.While) -> RetryConstruct | None:
        iterator = loop.iter if isinstance(loop, cst.For) else None
        if isinstance(loop, cst.For) and not isinstance(iterator, cst.Call):
            return None
        name = self.qualified(iterator.func) if isinstance(iterator, cst.Call) else ""
        library = (
            self.uses(iterator.func, iterator, "loop") if isinstance(iterator, cst.Call) else None
        )
        if isinstance(loop, cst.For) and library is None and name not in _LOOP_ITERATORS:
            return None
        head = loop.iter if isinstance(loop, cst.For) else loop.test
        end = self.text.find(":", self.module.span(head)[1])
        start = self.module.span(loop)[0]
        header = " ".join(self.text[start:end].split())
        construct = self.make(
            loop, f"`{header if len(header) <= 48 else header[:45] + '...'}` loop"
        )
        construct.end = end + 1
        if library is not None:
            label, construct.retry, construct.attempts, construct.unlimited = library
            construct.label, construct.region = f"`{label}(…)` loop", loop
        elif isinstance(loop, cst.While):
            construct.bounded = _bounded_while(loop)
            construct.unlimited = not construct.bounded
            construct.loop = loop
        else:
            assert isinstance(iterator, cst.Call)
            construct.unlimited = name == "itertools.count"
            construct.bounded = not construct.unlimited
            args = [a.value for a in iterator.args if a.keyword is None]
            if not construct.unlimited and 1 <= len(args) <= 2:
                stop = _integer(self.module, args[-1])
                first = _integer(self.module, args[0]) if len(args) == 2 else 0
                construct.attempts = None if stop is None or first is None else stop - first
            construct.loop = loop
        return construct

    def all(self) -> Iterator[RetryConstruct]:
        for node in self.module.parents:
            if isinstance(node, cst.FunctionDef):
                yield from (c for d in node.decorators if (c := self.decorator(d, node)))
                continue
            found = None
            if isinstance(node, cst.For | cst.While):
                found = self.loop(node)
            elif isinstance(node, cst.Call) and isinstance(node.func, cst.Call | cst.Name):
                found = self.wrapping_call(node)
            if found is not None:
                yield found


def _ordering(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Comparison) and any(
        isinstance(t.operator, _ORDERING) for t in node.comparisons
    )


def _bounded_while(loop: cst.While) -> bool:
    """A `while` with an ordering test, or a body that leaves on one (`if n >= 5: break`)."""
    if _ordering(loop.test):
        return True
    return any(
        isinstance(node, cst.If)
        and _ordering(node.test)
        and any(isinstance(n, cst.Break | cst.Raise | cst.Return) for n in walk(node.body))
        for node in walk(loop.body)
    )


def retry_constructs(unit: PythonUnit, steps: StepCatalog | None = None) -> list[RetryConstruct]:
    """Every retry construct of a parsed module, in source order."""
    if unit.module is None:
        return []
    return list(_Catalogue(unit, steps or default_steps()).all())


# How a failing call flows through a hand-written loop: each way the call can end
# (success, each exit code the loop compares with, another code, an exception, a
# transient failure) is walked through one iteration. The loop re-runs the call
# when a failure can lead to another iteration while a success can leave the loop.

_FALL, _NEXT, _BREAK, _EXIT, _RAISE = "fall", "next", "break", "exit", "raise"
_EXITS = frozenset({"sys.exit", "builtins.exit", "builtins.quit", "os._exit"})
_MAX_PATHS = 64
_FLIPPED = {
    "LessThan": "GreaterThan",
    "GreaterThan": "LessThan",
    "LessThanEqual": "GreaterThanEqual",
    "GreaterThanEqual": "LessThanEqual",
}
Flags = frozenset[tuple[str, bool]]  # `done = True` assignments on a path


class _Scenario(NamedTuple):
    ok: bool
    code: int | None  # 0 on success; None: a non-zero code that nothing compares with
    transient: bool
    raises: bool


class _Path(NamedTuple):
    outcome: str
    flags: Flags = frozenset()
    via: cst.ExceptHandler | None = None  # the handler that caught the failure on this path

    def to(self, outcome: str) -> _Path:
        return _Path(outcome, self.flags, self.via)


def _compare(code: int | None, operator: str, values: tuple[int, ...]) -> bool | None:
    """`code OPERATOR values`; a None code is a positive code equal to none of them."""
    if operator in ("Equal", "NotEqual", "In", "NotIn"):
        if operator in ("Equal", "NotEqual") and len(values) != 1:
            return None
        hit = code is not None and code in values
        return hit if operator in ("Equal", "In") else not hit
    if len(values) != 1 or operator not in _FLIPPED:
        return None
    value = values[0]
    if code is None:  # positive and unknown: only thresholds at 0 or 1 decide
        low = value <= (0 if operator in ("GreaterThan", "LessThanEqual") else 1)
        return operator.startswith("Greater") if low else None
    return {
        "GreaterThan": code > value,
        "GreaterThanEqual": code >= value,
        "LessThan": code < value,
        "LessThanEqual": code <= value,
    }[operator]


class _Flow:
    """One iteration of a loop around one call, walked per scenario."""

    def __init__(
        self,
        unit: PythonUnit,
        loop: cst.For | cst.While,
        call: cst.CSTNode,
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
        nodes = list(walk(loop))
        self.results = {  # names bound to the call's result (`r = run(…)`, `with Popen(…) as p`)
            name for node in nodes for name in _bound(node) if _unwrap(_value(node)) is call
        }
        self.statuses: set[str] = set()  # names bound to its status (`rc = r.returncode`)
        assignments = [n for n in nodes if isinstance(n, cst.Assign | cst.AnnAssign)]
        for _ in range(2):  # twice: `rc = r.returncode; code = rc`
            self.statuses |= {
                name
                for node in assignments
                if self.is_status(_value(node))
                for name in _bound(node)
            }
        self.literals = {
            value
            for node in nodes
            if isinstance(node, cst.Comparison)
            for part in (node.left, *(t.comparator for t in node.comparisons))
            for value in integers(self.module, part) or ()
        }
        self._marked: dict[int, bool] = {}

    def runs_call(self, node: cst.CSTNode) -> bool:
        return id(node) in self.ancestors

    def is_status(self, node: cst.BaseExpression | None) -> bool:
        """Whether an expression is the call's exit status."""
        node = _unwrap(node)
        if not self.failure.status or node is None:
            return False
        if node is self.call:
            return True
        if isinstance(node, cst.Name):
            return node.value in self.statuses
        if isinstance(node, cst.Attribute) and node.attr.value == "returncode":
            owner = node.value
            return owner is self.call or _dotted(owner) in self.results or self.caught(owner)
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
            return (
                node.func.attr.value in ("wait", "poll")
                and _dotted(node.func.value) in self.results
            )
        return False

    def caught(self, node: cst.BaseExpression) -> bool:
        """Whether a name is the `as e` of an enclosing `except` (a `CalledProcessError`)."""
        current = self.module.parent(node)
        while isinstance(node, cst.Name) and current is not None and current is not self.loop:
            if isinstance(current, cst.ExceptHandler) and current.name is not None:
                bound = current.name.name
                if isinstance(bound, cst.Name) and bound.value == node.value:
                    return True
            current = self.module.parent(current)
        return False

    def marked(self, node: cst.CSTNode) -> bool:
        """Whether a condition is about a rate limit (`"429" in out`): a transient guard."""
        if id(node) not in self._marked:
            start, end = self.module.span(node)
            text = self.module.source.text[start:end]
            intents = intents_in(text, self.catalog)
            self._marked[id(node)] = any(i.name == "rate-limit" for i in intents)
        return self._marked[id(node)]

    def condition(self, node: cst.BaseExpression, scenario: _Scenario, flags: Flags) -> bool | None:
        if self.marked(node) and not self.runs_call(node):
            return not scenario.ok and scenario.transient
        if isinstance(node, cst.Name):
            return dict(flags).get(node.value, {"True": True, "False": False}.get(node.value))
        if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Not):
            inner = self.condition(node.expression, scenario, flags)
            return None if inner is None else not inner
        if isinstance(node, cst.BooleanOperation):
            both = (
                self.condition(node.left, scenario, flags),
                self.condition(node.right, scenario, flags),
            )
            decisive = isinstance(node.operator, cst.Or)  # the value that decides alone
            return decisive if decisive in both else (None if None in both else not decisive)
        if isinstance(node, cst.Comparison) and len(node.comparisons) == 1:
            target = node.comparisons[0]
            operator, left, right = type(target.operator).__name__, node.left, target.comparator
            if self.is_status(right) and not self.is_status(left):
                left, right, operator = right, left, _FLIPPED.get(operator, "")
            values = integers(self.module, right) if self.is_status(left) else None
            return None if values is None else _compare(scenario.code, operator, values)
        return not scenario.ok if self.is_status(node) else None

    def block(self, nodes: Sequence[cst.CSTNode], scenario: _Scenario, start: _Path) -> list[_Path]:
        paths = [start]
        for node in nodes:
            done = [p for p in paths if p.outcome != _FALL]
            for path in (p for p in paths if p.outcome == _FALL):
                done += self.statement(node, scenario, path)
            paths = list(dict.fromkeys(done))[:_MAX_PATHS]
        return paths

    def statement(self, node: cst.CSTNode, scenario: _Scenario, path: _Path) -> list[_Path]:
        failing = not scenario.ok and scenario.raises
        if isinstance(node, cst.SimpleStatementLine):
            return self.block(node.body, scenario, path)
        if isinstance(node, cst.If | cst.With | cst.For | cst.While):
            head: Sequence[cst.CSTNode] = (
                node.items
                if isinstance(node, cst.With)
                else [node.iter if isinstance(node, cst.For) else node.test]
            )
            if failing and any(self.runs_call(h) for h in head):
                return [path.to(_RAISE)]
        if isinstance(node, cst.If):
            test = self.condition(node.test, scenario, path.flags)
            paths = self.block(node.body.body, scenario, path) if test is not False else []
            if test is not True:
                orelse = node.orelse
                if isinstance(orelse, cst.If):
                    paths += self.statement(orelse, scenario, path)
                else:
                    paths += self.block(orelse.body.body, scenario, path) if orelse else [path]
            return paths
        if isinstance(node, cst.Try):
            return self.try_(node, scenario, path)
        if isinstance(node, cst.With):
            return self.block(node.body.body, scenario, path)
        if isinstance(node, cst.For | cst.While):  # a loop inside: `break`/`continue` stay in it
            inner = self.block(node.body.body, scenario, path)
            return [p.to(_FALL) if p.outcome in (_NEXT, _BREAK) else p for p in inner] + [path]
        return self.small(node, scenario, path)

    def small(self, node: cst.CSTNode, scenario: _Scenario, path: _Path) -> list[_Path]:
        if not scenario.ok and scenario.raises and self.runs_call(node):
            return [path.to(_RAISE)]
        jumps = {cst.Return: _EXIT, cst.Raise: _RAISE, cst.Break: _BREAK, cst.Continue: _NEXT}
        if type(node) in jumps:
            return [path.to(jumps[type(node)])]
        if isinstance(node, cst.Expr) and isinstance(node.value, cst.Call):
            called = node.value
            if self.module.calls.get(called, frozenset()) & _EXITS:
                return [path.to(_EXIT)]
            func = called.func
            if isinstance(func, cst.Attribute) and func.attr.value == "check_returncode":
                return [path.to(_FALL if scenario.ok else _RAISE)]
        if isinstance(node, cst.Assign) and isinstance(node.value, cst.Name):
            value = {"True": True, "False": False}.get(node.value.value)
            names = [t.target.value for t in node.targets if isinstance(t.target, cst.Name)]
            if value is not None and names:
                flags = frozenset((dict(path.flags) | dict.fromkeys(names, value)).items())
                return [_Path(_FALL, flags, path.via)]
        return [path]

    def try_(self, node: cst.Try, scenario: _Scenario, path: _Path) -> list[_Path]:
        result: list[_Path] = []
        for inner in self.block(node.body.body, scenario, path):
            if inner.outcome == _FALL and node.orelse is not None:
                result += self.block(node.orelse.body.body, scenario, inner)
            elif inner.outcome != _RAISE:
                result.append(inner)
            else:
                for handler in node.handlers:
                    catches = self.catches(handler, scenario)
                    if catches is not False:
                        start = _Path(_FALL, inner.flags, handler)
                        result += self.block(handler.body.body, scenario, start)
                    if catches:
                        break
                else:
                    result.append(inner)
        return result

    def wide(self, handler: cst.ExceptHandler) -> bool:
        """A bare `except`, `Exception`, or `CalledProcessError` around a checked process."""
        wide = self.steps.blanket_exceptions
        if self.failure.checked:
            wide = wide | self.steps.process_exceptions
        return handler.type is None or any(c in wide for c in class_names(handler.type))

    def catches(self, handler: cst.ExceptHandler, scenario: _Scenario) -> bool | None:
        """Whether a handler catches the scenario's exception: yes, no, or maybe."""
        if scenario.ok or not scenario.raises:
            return False
        if handler.type is None or self.wide(handler):
            return True
        if all(c in self.steps.transient_exceptions for c in class_names(handler.type)):
            return scenario.transient
        return None

    def iterate(self, scenario: _Scenario) -> dict[str, set[cst.ExceptHandler | None]]:
        """Whether the loop goes on (`next`) or ends (`leave`), and through which handlers."""
        loop, start = self.loop, _Path(_FALL)
        test = loop.test if isinstance(loop, cst.While) else None
        if test is not None and self.runs_call(test):
            failing = not scenario.ok and scenario.raises
            if failing or self.condition(test, scenario, start.flags) is False:
                return {"leave": {None}}
            test = None
        found: dict[str, set[cst.ExceptHandler | None]] = {}
        for path in self.block(loop.body.body, scenario, start):
            goes_on = path.outcome in (_FALL, _NEXT)
            if goes_on and test is not None:
                goes_on = self.condition(test, scenario, path.flags) is not False
            found.setdefault("next" if goes_on else "leave", set()).add(path.via)
        return found

    def scenarios(self) -> list[_Scenario]:
        """The ways the call can fail that the loop may tell apart."""
        failure, codes = self.failure, sorted(self.literals - {0})
        transient = failure.transient_codes
        found: list[_Scenario] = []
        if failure.status:  # returned, or raised with the exception when checked
            raised = failure.checked
            found += [_Scenario(False, code, code in transient, raised) for code in codes]
            found.append(_Scenario(False, None, False, raised))
            if transient and not transient & set(codes):
                found.append(_Scenario(False, min(transient), True, raised))
        if failure.raises and not failure.checked:
            found += [_Scenario(False, None, False, True), _Scenario(False, None, True, True)]
        return found


def _value(node: cst.CSTNode) -> cst.BaseExpression | None:
    if isinstance(node, cst.WithItem):
        return node.item
    return node.value if isinstance(node, cst.Assign | cst.AnnAssign) else None


def _bound(node: cst.CSTNode) -> list[str]:
    targets: list[cst.BaseExpression]
    if isinstance(node, cst.WithItem):
        targets = [node.asname.name] if node.asname else []
    elif isinstance(node, cst.Assign):
        targets = [t.target for t in node.targets]
    else:
        targets = [node.target] if isinstance(node, cst.AnnAssign) else []
    return [t.value for t in targets if isinstance(t, cst.Name)]


def _unwrap(node: cst.BaseExpression | None) -> cst.BaseExpression | None:
    return node.expression if isinstance(node, cst.Await) else node


def _handler_text(module: PythonModule, handler: cst.ExceptHandler) -> str:
    if handler.type is None:
        return "a bare `except`"
    start, end = module.span(handler.type)
    return f"`except {' '.join(module.source.text[start:end].split())}`"


def loop_retries(
    unit: PythonUnit,
    loop: cst.For | cst.While,
    call: cst.CSTNode,
    failure: CallFailure,
    steps: StepCatalog | None = None,
) -> Retry | None:
    """How a loop re-runs `call` after it fails, or None if a failure never leads to
    another iteration, or a success never leaves (a schedule, not a retry)."""
    flow = _Flow(unit, loop, call, failure, steps or default_steps())
    success = flow.iterate(_Scenario(True, 0, False, False))
    if "leave" not in success:
        return None
    failures = flow.scenarios()
    retried: list[tuple[_Scenario, set[cst.ExceptHandler | None]]] = []
    for scenario in failures:
        outcome = flow.iterate(scenario)
        if "next" in outcome and set(outcome) != set(success):
            retried.append((scenario, outcome["next"]))
    if not retried:
        return None
    handlers = list(dict.fromkeys(h for _, vias in retried for h in vias if h is not None))
    wide = [h for h in handlers if flow.wide(h)]
    by_status = [s for s in failures if not s.raises and not s.transient]
    any_exit = bool(by_status) and all(any(s is r for r, _ in retried) for s in by_status)
    if wide or handlers:
        reason = f"after {_handler_text(flow.module, (wide or handlers)[0])}"
    elif any_exit:
        reason = "on any non-zero exit"
    else:
        codes = sorted({s.code for s, _ in retried if s.code is not None})
        reason = f"on exit {', '.join(map(str, codes))}" if codes else "on a rate-limit marker"
    reason = "on any non-zero exit" if any_exit and not wide else reason
    transient_only = all(s.transient for s, _ in retried) and not wide and not any_exit
    return Retry(bool(wide) or any_exit, transient_only, reason)
