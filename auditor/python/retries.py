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
half, `auditor.python.loop_flow`).
"""

from __future__ import annotations

import ast
import functools
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import NamedTuple

import libcst as cst

from auditor.python.ast_values import module_constants
from auditor.python.cst_values import (
    class_names,
    integer,
    keyword_argument,
    positional_argument,
)
from auditor.python.error_conditions import library_errors
from auditor.python.error_tests import (
    EVERY_ERROR,
    ErrorTest,
    RetriedErrors,
    class_errors,
    describe,
    parse_facts,
)
from auditor.python.module import PythonModule, PythonUnit, descendants, dotted_name
from auditor.python.retry_decorators import RetryDecorator, retry_decorator_details
from auditor.python.steps import RetryLibrary, StepCatalog, default_steps, import_aliases

_LOOP_ITERATORS = frozenset({"builtins.range", "range", "itertools.count"})
_ORDERING = (cst.LessThan, cst.LessThanEqual, cst.GreaterThan, cst.GreaterThanEqual)


class CallFailure(NamedTuple):
    """How a call fails: it raises, it ends with a non-zero status, or either."""

    raises: bool = True
    status: bool = False  # a process: it has an exit status
    checked: bool = False  # a non-zero status raises (`check=True`) instead of being returned
    transient_codes: frozenset[int] = frozenset({75})
    # its value is a success flag, not a status: -1 the value itself, N item N of a tuple
    flag: int | None = None


class Retry(NamedTuple):
    """How a construct re-runs a failed call."""

    blanket: bool  # after any failure
    transient_only: bool  # only after a transient one (exit 75, a rate-limit marker or class)
    reason: str  # "after `except Exception`", "on any non-zero exit"
    errors: RetriedErrors = EVERY_ERROR  # the raised failures it re-runs after


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
            from auditor.python.loop_flow import loop_retries  # it builds on this module

            return loop_retries(unit, self.loop, call, failure, self._steps)
        if self.region is None or not inside(unit.module, call, self.region):
            return None
        blanket = (self._steps or default_steps()).blanket_exceptions
        return None if swallowed(unit.module, call, self.region, blanket) else self.retry


def swallowed(
    module: PythonModule, call: cst.CSTNode, region: cst.CSTNode, blanket: frozenset[str]
) -> bool:
    """Whether a failure of `call` never leaves `region`: a `try` around it catches every
    exception and returns (`except Exception as e: return e`), so nothing is retried."""
    child, current = call, module.parent(call)
    while current is not None and current is not region:
        if isinstance(current, cst.Try) and child is current.body:
            for handler in current.handlers:
                classes = class_names(handler.type) if handler.type else []
                every = class_errors(classes, blanket).every
                if every and _returns(handler):
                    return True
        child, current = current, module.parent(current)
    return False


def _returns(handler: cst.ExceptHandler) -> bool:
    """Whether an `except` clause ends in a `return` and raises nowhere."""
    last = handler.body.body[-1] if handler.body.body else None
    if not isinstance(last, cst.SimpleStatementLine):
        return False
    ends = any(isinstance(small, cst.Return) for small in last.body)
    return ends and not any(isinstance(node, cst.Raise) for node in walk(handler.body))


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


class _Catalogue:
    def __init__(self, unit: PythonUnit, steps: StepCatalog) -> None:
        assert unit.module is not None
        self.unit, self.module, self.steps = unit, unit.module, steps
        self.aliases = import_aliases(self.module)
        self.text = self.module.source.text

    def qualified(self, node: cst.BaseExpression) -> str:
        dotted = dotted_name(node) or ""
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
        facts = parse_facts(self.text)
        if facts is None:
            return {}
        tree = facts.tree
        return retry_decorator_details(tree, module_constants(tree), self.steps, facts)

    def tree_decorator(self, func: cst.BaseExpression) -> RetryDecorator | None:
        """A retry decorator of this module, or of another through the project index."""
        if isinstance(func, cst.Name) and func.value not in self.aliases:
            return self.local_decorators.get(func.value)
        module_name, _, name = self.qualified(func).rpartition(".")
        summary = self.unit.project.python.get(module_name)
        if summary is None or name not in summary.retry_decorators:
            return None
        # The index keeps attempts, the kind, the attempts parameter and what it retries,
        # not the clause it catches with.
        attempts, helper = summary.retry_decorators[name], name in summary.retry_helpers
        parameter, position = summary.retry_parameters.get(name, (None, -1))
        tests = tuple(ErrorTest(*pair) for pair in summary.retry_errors.get(name, ()))
        catches = f"a failure, for {describe(tests)}" if tests else "a failure"
        return RetryDecorator(
            name,
            attempts,
            parameter,
            position if position >= 0 else None,
            False,
            catches,
            helper,
            RetriedErrors(tests),
        )

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
            value = keyword_argument(call, found.parameter) or positional_argument(
                call, found.position
            )
            attempts = integer(self.module, value) if value is not None else attempts
        retry = Retry(found.blanket, False, f"after {found.catches}", found.errors)
        kind = "retry helper" if found.helper else "retry decorator"
        return f"{kind} `{self.code(func)}`", retry, attempts, False

    def library_retry(
        self, library: RetryLibrary, call: cst.Call | None
    ) -> tuple[Retry, int | None, bool]:
        twin = self.expression(call) if call is not None else None
        facts = parse_facts(self.text)
        ast_call = twin if isinstance(twin, ast.Call) else None
        blanket = self.steps.blanket_exceptions
        errors = EVERY_ERROR
        if facts is not None:
            errors = library_errors(library, ast_call, facts, blanket)
        retry = self.described(library, call, errors)
        attempts = integer(self.module, keyword_argument(call, library.attempts_keyword))
        stop = keyword_argument(call, library.stop_keyword)
        for node in walk(stop) if stop is not None else ():
            if isinstance(node, cst.Call) and self.qualified(node.func) in library.stop_calls:
                attempts = integer(self.module, node.args[0].value) if node.args else None
        limited = stop is not None or keyword_argument(call, library.attempts_keyword) is not None
        if not limited and library.default_attempts:
            attempts = library.default_attempts
        return retry, attempts, not limited and not library.default_attempts

    def described(
        self, library: RetryLibrary, call: cst.Call | None, errors: RetriedErrors
    ) -> Retry:
        """How a library call re-runs what it covers, in the words of its arguments."""
        exceptions = keyword_argument(call, library.exception_keyword)
        exceptions = exceptions or positional_argument(call, library.exception_position)
        keywords = [
            k for k in library.predicate if library.results or k not in library.result_keywords
        ]
        given = ((k, keyword_argument(call, k)) for k in keywords)
        predicate = next(((k, v) for k, v in given if v is not None), None)
        shown = None
        if predicate is not None and (errors.tests or exceptions is None):
            shown = f"`{predicate[0]}={self.code(predicate[1])}`"
        elif exceptions is not None:
            shown = f"`{self.code(exceptions)}`"
        if library.results:
            if shown is None:
                return Retry(True, False, "whenever it returns a falsy value", errors)
            return Retry(False, False, f"when {shown} holds", errors)
        if errors.every and shown is not None:
            return Retry(True, False, f"after any exception ({shown})")
        if errors.every and library.predicate and not library.exception_keyword:
            return Retry(True, False, f"after any exception (no `{library.predicate[0]}=`)")
        if errors.every:
            return Retry(True, False, "after any exception")
        classes = [test.value for test in errors.tests]
        if all(test.kind == "class" for test in errors.tests):
            transient = all(c in self.steps.transient_exceptions for c in classes)
            return Retry(False, transient, f"after {', '.join(f'`{c}`' for c in classes)}", errors)
        return Retry(False, False, f"when {shown} holds", errors)

    def expression(self, node: cst.BaseExpression) -> ast.expr | None:
        """The `ast` twin of an expression, parsed from its text."""
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # the audited code's SyntaxWarnings
                start, end = self.module.span(node)  # its own lines: comments stay comments
                return ast.parse(f"({self.text[start:end]}\n)", mode="eval").body
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return None

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
                stop = integer(self.module, args[-1])
                first = integer(self.module, args[0]) if len(args) == 2 else 0
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
