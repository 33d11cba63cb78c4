"""Retry constructs in Python: everything that re-runs a call after it fails.

The catalogue RA301 and RA401 share. A construct is a retry library's
decorator or loop (tenacity, backoff, retrying, stamina: `rules/data/steps.toml`;
also under the module's own name, `llm_retry = tenacity.retry(…)`, followed by
`auditor.python.model.value_flow`), a retry decorator written in the audited tree
(this module's, or another's through the project index), either one applied
to a function reference (`retry(...)(step)`), or a hand-written loop
(`for … in range(n)`, `itertools.count()`, `while`). Each says which calls it re-runs and how:
after any failure (*blanket*), or only after some (*narrowed*, perhaps only
*transient* ones). Whether a hand-written loop re-runs a call is decided
call by call, by walking one iteration per way the call can end (the second
half, `auditor.python.runner.loop_flow`).
"""

from __future__ import annotations

import ast
import functools
import io
import tokenize
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TypeGuard

from auditor.finding import shortened
from auditor.project import PythonSummary
from auditor.python.model.ast_values import (
    Function,
    descendants,
    dotted_name,
    is_generator,
    module_constants,
    module_statements,
)
from auditor.python.model.call_graph import call_graph
from auditor.python.model.callees import enclosing_class
from auditor.python.model.expr_values import (
    integer,
    keyword_argument,
    list_items,
    positional_argument,
)
from auditor.python.model.module import PythonModule
from auditor.python.model.module_names import module_names
from auditor.python.model.retry_reach import Layer, bind_errors
from auditor.python.model.value_flow import ValueFlow, module_flow
from auditor.python.runner.error_conditions import library_errors
from auditor.python.runner.error_tests import (
    EVERY_ERROR,
    ErrorTest,
    RetriedErrors,
    bound_classes,
    describe,
    module_facts,
)
from auditor.python.runner.loop_parts import (
    Loop,
    delay_schedule,
    fallback,
    no_names,
    repetition,
    walks_indices,
)
from auditor.python.runner.regions import inside, swallowed
from auditor.python.runner.requeue import queue_sources
from auditor.python.runner.retry_decorators import retry_decorator_details
from auditor.python.runner.retry_types import CallFailure, Retry, RetryDecorator
from auditor.python.runner.second_attempts import (
    SECOND_ATTEMPT,
    caught_attempts,
    second_attempts,
)
from auditor.python.runner.steps import RetryLibrary, StepCatalog, default_steps, import_aliases
from auditor.python.unit import PythonUnit

_ORDERING = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)


@dataclass
class RetryConstruct:
    """A decorator, loop or call that re-runs calls after they fail."""

    node: ast.AST  # the decorator (its expression), the loop, or the wrapping call
    start: int  # where a finding goes: the decorator, the loop header (file offsets)
    end: int
    label: str  # "`@retry`", "retry decorator `retry_on_overloaded`", "`while True` loop"
    attempts: int | None = None  # the attempt limit, when known
    unlimited: bool = False  # no attempt limit at all
    bounded: bool = True
    region: ast.AST | None = None  # the decorated function or library loop: all re-run
    retry: Retry | None = None  # how a decorator or library loop re-runs what it covers
    loop: Loop | None = None  # a hand-written loop: decided call by call
    wrapped: ast.expr | None = None  # `retry(...)(fn)`: the function re-run
    # where the whole construct is (file offsets): a decorator from its `@`, a whole loop
    span: tuple[int, int] = (0, 0)
    # a loop over alternatives (`for model in MODELS:`): each turn tries another one
    alternatives: bool = False
    # the call whose value it re-runs whole: the runnable `model.with_retry()` gives, the
    # agent `create_agent(…, middleware=[ModelRetryMiddleware()])` builds
    reruns: ast.Call | None = None
    # for RA301 alone: a clause's second attempt (the call graph's `retry in except` layer
    # is RA401's, with the errors the clause narrows to)
    steps_only: bool = False
    _unit: PythonUnit | None = field(default=None, repr=False)
    _steps: StepCatalog | None = field(default=None, repr=False)

    def describe(self) -> str:
        """The label with its attempt limit: "`@retry` (5 attempts)"."""
        if self.attempts is not None:
            return f"{self.label} ({self.attempts} attempt{'s' if self.attempts != 1 else ''})"
        return f"{self.label} (no attempt limit)" if self.unlimited else self.label

    def retries(self, call: ast.AST, failure: CallFailure) -> Retry | None:
        """How this construct re-runs `call` after it fails, or None if it does not (a
        loop of one attempt re-runs nothing)."""
        if self.attempts is not None and self.attempts <= 1:
            return None
        if self.reruns is not None:
            return self.retry if call is self.reruns else None
        unit = self._unit
        if unit is None or unit.module is None:
            return None
        if self.wrapped is not None:  # what it runs: a request function it is handed
            # (`Retrying(…)(litellm.completion, …)`: the call sends it), or a lambda's calls
            if call is self.node:
                return self.retry
            lambda_ = self.wrapped if isinstance(self.wrapped, ast.Lambda) else None
            return (
                self.retry if lambda_ is not None and inside(unit.module, call, lambda_) else None
            )
        if self.loop is not None:
            if not inside(unit.module, call, self.loop):
                return None
            from auditor.python.runner.loop_verdicts import (
                loop_retries,  # loaded for hand-written loops only
            )

            return loop_retries(unit, self.loop, call, failure, self._steps)
        if self.region is None or not inside(unit.module, call, self.region):
            return None
        blanket = (self._steps or default_steps()).blanket_exceptions
        return None if swallowed(unit.module, call, self.region, blanket) else self.retry


def _applying(summary: PythonSummary, name: str) -> RetryDecorator | None:
    """A decorator of the tree that applies a library's retry decorator to the wrapper
    it returns (`@functools.wraps(func)`, `@retry(…)`, `def wrapper`), or a name bound to
    one, as the index's call-graph facts hold its layer."""
    index = (summary.graph.get("retry_objects") or {}).get(name)
    layers = summary.graph.get("layers") or []
    if not isinstance(index, int) or not 0 <= index < len(layers):
        return None
    layer = layers[index]
    if "returned" in layer:  # what a function of the tree returns: `ValueFlow.decorator`
        return None
    errors, catches = _caught(layer.get("errors", ()))
    attempts, label = layer.get("attempts"), str(layer.get("label", ""))
    if f"`@{name}`" not in label:  # a name bound to the library's (`llm_retry = retry(…)`)
        label = f"`@{name}`"
    return RetryDecorator(name, attempts, None, None, errors.every, catches, False, errors, label)


def _caught(pairs: Iterable[Sequence[str]]) -> tuple[RetriedErrors, str]:
    """A layer's error tests (`[kind, value]` pairs), and what they catch in words."""
    errors = RetriedErrors(tuple(ErrorTest(*pair) for pair in pairs))
    return errors, "any exception" if errors.every else describe(errors)


def walk(node: ast.AST) -> Iterator[ast.AST]:
    """`node` and everything under it."""
    return descendants(node)


class _Catalogue:
    def __init__(self, unit: PythonUnit, steps: StepCatalog) -> None:
        assert unit.module is not None
        self.unit, self.module, self.steps = unit, unit.module, steps
        self.aliases = import_aliases(self.module, unit.own_summary()[0])
        self.text = self.module.source.text

    def tree_module(self, name: str) -> PythonSummary | None:
        """The summary of the tree's module an import names `name` (see `module_names`)."""
        found = module_names(self.unit.project.python).summary(name, self.unit.source.path)
        return found[1] if found else None

    def qualified(self, node: ast.expr) -> str:
        dotted = dotted_name(node) or ""
        head, _, rest = dotted.partition(".")
        resolved = self.aliases.get(head, head)
        return f"{resolved}.{rest}" if rest else resolved

    def code(self, node: ast.AST) -> str:
        """An expression's source text on one line, without parentheses of its own
        (`(A, B)` reads `A, B`)."""
        start, end = self.module.span(node)
        return " ".join(_unparenthesized(self.text[start:end]).split())

    def make(
        self, node: ast.AST, label: str, span: tuple[int, int] | None = None, **kw: object
    ) -> RetryConstruct:
        start, end = span or self.module.span(node)
        construct = RetryConstruct(node, start, end, label, span=(start, end), **kw)  # type: ignore[arg-type]
        construct._unit, construct._steps = self.unit, self.steps
        return construct

    @property
    def flow(self) -> ValueFlow:
        return module_flow(self.module)

    @functools.cached_property
    def local_decorators(self) -> dict[str, RetryDecorator]:
        facts = module_facts(self.module.tree)
        tree = facts.tree
        return retry_decorator_details(tree, module_constants(tree), self.steps, facts)

    def tree_decorator(self, func: ast.expr, call: ast.Call | None = None) -> RetryDecorator | None:
        """A retry decorator of this module, or of another through the project index (a
        method called on `self` (`call`): of its class, or the one the call graph says
        it runs, inherited from a base in another module; a static or class method
        called through its class, `Recovery.with_backoff(fn)`)."""
        if isinstance(func, ast.Name) and func.id not in self.aliases:
            owner = enclosing_class(self.module, func)  # a class body's name is its own first
            own = self.local_decorators.get(f"{owner.name}.{func.id}") if owner else None
            found = own or self.local_decorators.get(func.id)
            return found or _applying(self.unit.own_summary()[1], func.id)
        if (
            isinstance(func, ast.Attribute)
            and isinstance(func.value, ast.Name)
            and func.value.id not in self.aliases
            and (found := self.local_decorators.get(f"{func.value.id}.{func.attr}")) is not None
        ):
            return found  # a static or class method of this module's class: `Jobs.retry(fn)`
        if isinstance(func, ast.Attribute) and dotted_name(func.value) in ("self", "cls"):
            owner = enclosing_class(self.module, func)  # `@self._retry`: a method of it
            own = self.local_decorators.get(f"{owner.name}.{func.attr}") if owner else None
            return own or (self._inherited(call) if call is not None else None)
        module_name, _, name = self.qualified(func).rpartition(".")
        summary = self.tree_module(module_name)
        if summary is None and "." in module_name:  # a static or class method, through its
            module_name, _, cls = module_name.rpartition(".")  # class: `Errors.retry(fn)`
            summary, name = self.tree_module(module_name), f"{cls}.{name}"
        if summary is None:
            return None
        if name not in summary.retry_decorators:
            return _applying(summary, name)
        return _summary_decorator(summary, name)

    def _inherited(self, call: ast.Call) -> RetryDecorator | None:
        """The retry helper of another module a method call on `self` runs, by the call
        graph (`self.with_retry(op)` in a subclass of the class that defines it)."""
        scope, project = self.module.scope_of(call), self.module.project
        qualname = self.module.scope_name(scope)
        if qualname is None or project is None:
            return None
        for module_name, method in project.callees(qualname, call.lineno, call.col_offset):
            summary = self.tree_module(module_name)
            if summary is not None and method in summary.retry_decorators:
                return _summary_decorator(summary, method)
        return None

    def uses(
        self, func: ast.expr, call: ast.Call | None, form: str
    ) -> tuple[str, Retry, int | None, bool] | None:
        """A retry decorator or loop `func` (called with `call`'s arguments): its label,
        what it retries, its attempt limit and whether it has none."""
        library = self.steps.libraries.get(self.qualified(func))
        if library is not None and library.form == form:
            return (self.code(func), *self.library_retry(library, call))
        found = self.tree_decorator(func, call) if form == "decorator" else None
        if found is None:
            return None
        attempts = found.attempts
        if call is not None and found.parameter is not None:
            value = keyword_argument(call, found.parameter) or positional_argument(
                call, found.position
            )
            attempts = integer(self.module, value) if value is not None else attempts
        errors = found.errors
        if call is not None and any(test.kind == "param" for test in errors.tests):
            errors = self.given_errors(func, call, errors)
        catches = found.catches
        if errors is not found.errors and not errors.every:
            catches += f", for {describe(errors)}"  # the classes this application gives
        blanket = found.blanket or (errors is not found.errors and errors.every)
        retry = Retry(blanket, False, f"after {catches}", errors)
        kind = "retry helper" if found.helper else "retry decorator"
        return found.label or f"{kind} `{self.code(func)}`", retry, attempts, False

    def given_errors(self, func: ast.expr, call: ast.Call, errors: RetriedErrors) -> RetriedErrors:
        """What a decorator factory retries where `call` applies it: each class a `param`
        test names is the classes the call gives that parameter (by keyword, or by its
        place among the factory's parameters); a class it is not given, or an empty
        tuple, matches nothing."""
        facts = module_facts(self.module.tree)
        bound = bound_classes(call, facts, self.steps.blanket_exceptions)
        pairs = bind_errors(errors.tests, self.factory_parameters(func), bound)
        return RetriedErrors(tuple(ErrorTest(*pair) for pair in pairs or ()))

    def factory_parameters(self, func: ast.expr) -> list[str]:
        """The parameters, in order, of a retry decorator factory of this module or of the
        module it is imported from (through the index's call-graph facts)."""
        if isinstance(func, ast.Name) and func.id not in self.aliases:
            for node in module_statements(self.module.tree):
                if isinstance(node, Function) and node.name == func.id:
                    arguments = node.args
                    every = (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)
                    return [a.arg for a in every]
            return []
        module_name, _, name = self.qualified(func).rpartition(".")
        summary = self.tree_module(module_name)
        facts = summary.graph.get("functions", {}).get(name, {}) if summary else {}
        return list(facts.get("params", ()))

    def library_retry(
        self, library: RetryLibrary, call: ast.Call | None
    ) -> tuple[Retry, int | None, bool]:
        facts = module_facts(self.module.tree)
        blanket = self.steps.blanket_exceptions
        errors = EVERY_ERROR
        if facts is not None:
            errors = library_errors(library, call, facts, blanket)
        retry = self.described(library, call, errors)
        attempts = integer(self.module, keyword_argument(call, library.attempts_keyword))
        retried = keyword_argument(call, library.retries_keyword)  # runs after the first
        if retried is not None:
            runs = integer(self.module, retried)
            attempts = None if runs is None else runs + 1
        stop = keyword_argument(call, library.stop_keyword)
        for node in walk(stop) if stop is not None else ():
            if isinstance(node, ast.Call) and self.qualified(node.func) in library.stop_calls:
                first = _arguments(node)[:1]
                attempts = integer(self.module, first[0][1]) if first else None
        limited = stop is not None or retried is not None
        limited = limited or keyword_argument(call, library.attempts_keyword) is not None
        # `**retry_kwargs()`: a stop may be among the keywords it spreads (not known here)
        unknown = call is not None and any(k.arg is None for k in call.keywords)
        if not limited and not unknown and library.default_attempts:
            attempts = library.default_attempts
        return retry, attempts, not (limited or unknown or library.default_attempts)

    def described(
        self, library: RetryLibrary, call: ast.Call | None, errors: RetriedErrors
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

    def decorator(self, expression: ast.expr, function: Function) -> RetryConstruct | None:
        """A retry decorator `@expression` of `function`."""
        found = self.applied(expression)
        if found is None and (stands := self.flow.decorator(expression)) is not expression:
            found = self.applied(stands)  # the project's own wrapper (`@llm_retry`), as named
            written = expression.func if isinstance(expression, ast.Call) else expression
            found = (self.code(written), *found[1:]) if found is not None else None
        if found is None:
            return None
        label, retry, attempts, unlimited = found
        label = f"`@{label}`" if not label.startswith(("retry decorator", "`@")) else label
        return self.make(
            expression,
            label,
            _decorator_span(self.module, expression),
            attempts=attempts,
            unlimited=unlimited,
            region=function,
            retry=retry,
        )

    def applied(self, expression: ast.expr) -> tuple[str, Retry, int | None, bool] | None:
        """A retry decorator written as `@expression`, as `uses` describes it."""
        call = expression if isinstance(expression, ast.Call) else None
        return self.uses(call.func if call else expression, call, "decorator")

    def wrapping_call(self, call: ast.Call) -> RetryConstruct | None:
        """`retry(stop=…)(fn)`, `Retrying(…)(fn, …)`, `retry_on_overloaded()(fn)`, and a
        helper of the tree given the function anywhere among its arguments
        (`with_retry(lambda: …)`, `retry_call(5, fn)`, `with_retry(fn=run)`,
        `with_retry(functools.partial(fn, …))`)."""
        arguments = _arguments(call)
        if not any(_callable(value) for _, value in arguments):
            return None
        first = arguments[:1]
        target = first[0][1] if first and first[0][0] is None else None
        inner = call.func if isinstance(call.func, ast.Call) else self._held_call(call.func)
        func = inner.func if inner is not None else call.func
        # the arguments that configure it: the factory call's (`retry(stop=…)(fn)`), or a
        # helper's own (`retry_call(3, fn)`)
        found = self.uses(func, inner or call, "decorator") or (
            self.uses(func, inner, "loop") if inner is not None else None
        )
        if found is None:
            return None
        label, retry, attempts, unlimited = found
        if label.startswith("retry helper") and not _callable(target):
            target = next((value for _, value in arguments if _callable(value)), None)
        if not _callable(target):
            return None
        label = label if label.startswith(("retry decorator", "retry helper")) else f"`{label}(…)`"
        return self.make(
            call, label, attempts=attempts, unlimited=unlimited, retry=retry, wrapped=target
        )

    def _held_call(self, func: ast.expr) -> ast.Call | None:
        """The call whose value a local name holds, given once (`retryer = Retrying(…)`,
        then `retryer(fn, …)`); None for any other callee."""
        if not isinstance(func, ast.Name):
            return None
        bindings = self.module.bindings.get((self.module.scope_of(func), func.id), [])
        value = bindings[0].value if len(bindings) == 1 and bindings[0].kind == "assign" else None
        return value if isinstance(value, ast.Call) else None

    def method(self, call: ast.Call) -> RetryConstruct | None:
        """A library's retry method on the value it re-runs (`model.with_retry()`), given
        keywords only (a helper of the tree's takes the function to run)."""
        func = call.func
        if not isinstance(func, ast.Attribute) or call.args:
            return None
        library = self.steps.method_libraries.get(func.attr)
        holder = self.module.parent(call)
        dropped = isinstance(holder, ast.Expr) or (
            isinstance(holder, ast.Assign) and dotted_name(holder.targets[0]) == "_"
        )
        if library is None or dropped:  # (a runnable no one runs re-runs nothing)
            return None
        retry, attempts, unlimited = self.library_retry(library, call)
        label = f"`.{func.attr}(…)`"
        return self.make(
            call, label, attempts=attempts, unlimited=unlimited, retry=retry, reruns=call
        )

    def middleware(self, call: ast.Call) -> RetryConstruct | None:
        """A retry middleware in the list given to `call` as its `middleware`, which builds
        what it re-runs (`create_agent(model, middleware=[…])`; the list's items are every
        value it may hold: `list_items`): a library's, or a class of the tree whose hook
        around each model call retries (`tree_middleware`)."""
        listed = keyword_argument(call, "middleware")
        for item in list_items(self.module, listed) if listed is not None else ():
            if not isinstance(item, ast.Call):
                continue
            library = self.steps.libraries.get(self.qualified(item.func))
            label = f"`{self.code(item.func)}(…)`"
            if library is not None and library.form == "middleware":
                retry, attempts, unlimited = self.library_retry(library, item)
                return self.make(
                    item,
                    label,
                    attempts=attempts,
                    unlimited=unlimited,
                    retry=retry,
                    reruns=call,
                )
            if (layer := self.tree_middleware(item)) is not None:
                errors, catches = _caught(layer.errors)
                retry = Retry(errors.every, False, f"after {catches}", errors)
                attempts = layer.attempts
                return self.make(item, label, attempts=attempts, retry=retry, reruns=call)
        return None

    def tree_middleware(self, item: ast.Call) -> Layer | None:
        """The retry layer in the model-call hook of the tree's middleware class that
        `item` builds (`[MyRetryMiddleware()]`, its `wrap_model_call` going round after a
        failure), by the project call graph."""
        module = self.unit.own_summary()[0]
        qualified = self.qualified(item.func)
        if module is not None and qualified == dotted_name(item.func):  # not imported
            qualified = f"{module}.{qualified}"
        hooks = self.steps.middleware_hooks
        found = call_graph(self.unit.project).hook_layers(qualified, module, hooks)
        return found[0] if found else None

    def loop(self, loop: Loop) -> RetryConstruct | None:
        iterator = loop.iter if isinstance(loop, ast.For | ast.AsyncFor) else None
        library = (
            self.uses(iterator.func, iterator, "loop") if isinstance(iterator, ast.Call) else None
        )
        repeated = repetition(iterator, no_names) if iterator is not None else None
        if isinstance(loop, ast.For | ast.AsyncFor) and walks_indices(loop):
            repeated = None  # (`for i in range(len(backends))`: see `fallback`)
        alternatives = False
        if repeated is None and isinstance(loop, ast.For | ast.AsyncFor):
            repeated = delay_schedule(loop)
            if repeated is None:
                repeated = fallback(loop)
                alternatives = repeated is not None
        if iterator is not None and library is None and repeated is None:
            return None
        head = loop.test if isinstance(loop, ast.While) else loop.iter
        end = self.text.find(":", self.module.span(head)[1])
        start = self.module.span(loop)[0]
        construct = self.make(loop, f"`{shortened(self.text[start:end], 48)}` loop")
        construct.end = end + 1
        construct.alternatives = alternatives and library is None
        if library is not None:
            label, construct.retry, construct.attempts, construct.unlimited = library
            construct.label, construct.region = f"`{label}(…)` loop", loop
        elif isinstance(loop, ast.While):
            construct.bounded = _bounded_while(loop)
            # "no attempt limit" is said only of a loop whose test counts nothing at all:
            # `while n <= limit or retry_pending` may end, if not surely
            counted = any(isinstance(n, ast.Compare) and _ordering(n) for n in ast.walk(loop.test))
            # (nor of one that takes its work from a queue: a failed item goes back on it
            # with a count of its own, or not, which the loop does not tell)
            construct.unlimited = not construct.bounded and not counted and not queue_sources(loop)
            construct.loop = loop
        else:
            assert repeated is not None
            construct.unlimited = repeated.endless
            construct.bounded = not construct.unlimited
            if repeated.times is not None:
                stop = self._number(repeated.times, loop)
                first = integer(self.module, repeated.start) if repeated.start else 0
                construct.attempts = None if stop is None or first is None else stop - first
            construct.loop = loop
        return construct

    def _number(self, value: ast.expr, loop: Loop) -> int | None:
        """The number an attempt bound is: a literal or constant, or a parameter of the
        function around the loop (maybe plus a number) as the calls in the tree give it."""
        known = integer(self.module, value)
        if known is not None:
            return known
        added = 0
        if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Add):
            right = integer(self.module, value.right)
            value, added = (value.left, right) if right is not None else (value, 0)
        scope = self.module.scope_of(loop)
        project = self.module.project
        if not (isinstance(value, ast.Name) and isinstance(scope, Function) and project):
            return None
        if value.id not in {a.arg for a in (*scope.args.posonlyargs, *scope.args.args)}:
            return None
        if self.module.bindings.get((scope, value.id)):
            return None  # changed in the function before the loop reads it
        name = self.module.scope_name(scope)
        given = project.parameter_number(name, value.id) if name else None
        return None if given is None else given + added

    def second_attempts(self, function: Function) -> Iterator[RetryConstruct]:
        """A call made again where the first test of what it gave says it failed
        (`second_attempts`), or in a clause that catches every failure of it
        (`caught_attempts`): reported at that test or clause, re-running the first call."""
        for call, test, same in second_attempts(function):
            start = self.module.span(test)[0]
            end = self.text.find(":", self.module.span(test.test)[1]) + 1
            header = shortened(self.text[start : end - 1], 48)
            retry = Retry(True, False, "where a test of what it gave says it failed")
            label = f"{SECOND_ATTEMPT} under `{header}`"
            # (with other arguments, another request: an SDK's is not sent again)
            yield self.make(
                test, label, (start, end), retry=retry, reruns=call, alternatives=not same
            )
        for call, handler, same in caught_attempts(function, self.steps.blanket_exceptions):
            start = self.module.span(handler)[0]
            after = self.module.span(handler.type)[1] if handler.type is not None else start
            end = self.text.find(":", after) + 1
            header = shortened(" ".join(self.text[start : end - 1].split()), 48)
            retry = Retry(True, False, "after any failure")
            label = f"{SECOND_ATTEMPT} under `{header}`"
            yield self.make(
                handler,
                label,
                (start, end),
                retry=retry,
                reruns=call,
                alternatives=not same,
                steps_only=True,
            )

    def all(self) -> Iterator[RetryConstruct]:
        for node in self.module.parents:
            if isinstance(node, Function):
                decorators = [c for d in node.decorator_list if (c := self.decorator(d, node))]
                if decorators and not is_generator(node):  # a generator's retry nothing
                    yield from decorators
                yield from self.second_attempts(node)
                continue
            found = None
            if isinstance(node, Loop):
                found = self.loop(node)
            elif isinstance(node, ast.Call) and isinstance(
                node.func, ast.Call | ast.Name | ast.Attribute
            ):
                found = self.wrapping_call(node) or self.method(node) or self.middleware(node)
            if found is not None:
                yield found


def _callable(node: ast.expr | None) -> TypeGuard[ast.expr]:
    """Whether an argument may be a function given to run: a name, an attribute, a
    lambda, or a call that makes one (`functools.partial(fn, …)`)."""
    return isinstance(node, ast.Name | ast.Attribute | ast.Lambda | ast.Call)


def _arguments(call: ast.Call) -> list[tuple[str | None, ast.expr]]:
    """A call's arguments in source order as (keyword, value): no keyword for positional
    ones, `*args` and `**kwargs` (their value is what they unpack)."""
    found: list[tuple[str | None, ast.expr]] = [
        (None, a.value if isinstance(a, ast.Starred) else a) for a in call.args
    ]
    found += [(k.arg, k.value) for k in call.keywords]
    if call.keywords and any(isinstance(a, ast.Starred) for a in call.args):  # `f(a=1, *b)`
        found.sort(key=lambda pair: (pair[1].lineno, pair[1].col_offset))
    return found


def _decorator_span(module: PythonModule, expression: ast.expr) -> tuple[int, int]:
    """Where a decorator is: from its `@` to the end of its expression, with the
    parentheses around it (`@ (retry)`)."""
    text = module.source.text
    start, end = module.span(expression)
    at = text.rfind("@", 0, start)
    if at < 0:
        return start, end
    opened = text.count("(", at, start)  # `@(`: only blanks and brackets come between
    while opened and end < len(text):
        if text[end] == ")":
            opened -= 1
        elif text[end] == "#":  # a comment inside the parentheses
            newline = text.find("\n", end)
            end = newline if newline >= 0 else len(text)
            continue
        elif not text[end].isspace() and text[end] != "\\":
            break
        end += 1
    return at, end


def _unparenthesized(text: str) -> str:
    """An expression's text without one pair of parentheses around all of it."""
    if not (text.startswith("(") and text.endswith(")")):
        return text
    try:
        tokens = tokenize.generate_tokens(io.StringIO(text).readline)
        brackets = [t.string for t in tokens if t.type == tokenize.OP and t.string in _BRACKETS]
    except (tokenize.TokenError, SyntaxError):
        return text
    depth = 0
    for index, bracket in enumerate(brackets):
        depth += 1 if bracket in "([{" else -1
        if depth == 0:
            return text[1:-1] if index == len(brackets) - 1 else text
    return text


_BRACKETS = frozenset("()[]{}")


def _ordering(node: ast.expr, *, leaves_when: bool = False) -> bool:
    """Whether a test compares an order (`n < 5`) that bounds the loop: a `while` test
    (the loop goes on while it holds: `a and n < 5` is bounded, `a or n < 5` only when
    every operand is an order), or, `leaves_when` true, the test of an `if` that leaves
    (`if n >= 5 or fatal: break` is bounded, `if verbose and n >= 5: break` is not)."""
    if isinstance(node, ast.BoolOp):
        bounds_alone = isinstance(node.op, ast.Or) if leaves_when else isinstance(node.op, ast.And)
        test = any if bounds_alone else all
        return test(_ordering(value, leaves_when=leaves_when) for value in node.values)
    return isinstance(node, ast.Compare) and any(isinstance(op, _ORDERING) for op in node.ops)


def _bounded_while(loop: ast.While) -> bool:
    """A `while` with an ordering test, or a body that leaves on one (`if n >= 5: break`)."""
    if _ordering(loop.test):
        return True
    return any(
        isinstance(node, ast.If)
        and _ordering(node.test, leaves_when=True)
        and any(
            isinstance(n, ast.Break | ast.Raise | ast.Return)
            for statement in node.body
            for n in walk(statement)
        )
        for statement in loop.body
        for node in walk(statement)
    )


def retry_constructs(unit: PythonUnit, steps: StepCatalog | None = None) -> list[RetryConstruct]:
    """Every retry construct of a parsed module, in source order."""
    if unit.module is None:
        return []
    return list(_Catalogue(unit, steps or default_steps()).all())


def _summary_decorator(summary: PythonSummary, name: str) -> RetryDecorator:
    """A retry decorator or helper another module defines, as its summary keeps it."""
    attempts, helper = summary.retry_decorators[name], name in summary.retry_helpers
    parameter, position = summary.retry_parameters.get(name, (None, -1))
    tests = tuple(ErrorTest(*pair) for pair in summary.retry_errors.get(name, ()))
    catches = summary.retry_catches.get(name, "a failure")
    return RetryDecorator(
        name,
        attempts,
        parameter,
        position if position >= 0 else None,
        not tests,
        catches,
        helper,
        RetriedErrors(tests),
    )
