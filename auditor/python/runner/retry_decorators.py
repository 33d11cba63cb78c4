"""Retry decorators written in the audited tree (stdlib `ast`).

A retry decorator is a module-level function (or a method, applied in its class as
`@self._retry_with_backoff`) whose wrapper calls the wrapped function inside a loop
and goes on after catching (`retry_on_overloaded`); a retry helper calls the
function it is given the same way (`retrying(fn)`).
What each retries is read from its `except` clauses, and from the tests they
make before going on (`auditor.python.runner.error_tests`).
"""

from __future__ import annotations

import ast

from auditor.python.model.ast_values import (
    Function,
    assignment,
    class_names,
    dotted_name,
    int_value,
    module_statements,
    parameter_defaults,
    positional_parameters,
    walk,
)
from auditor.python.model.class_attributes import ClassAttributes, class_attributes
from auditor.python.runner.error_conditions import handler_errors
from auditor.python.runner.error_tests import (
    AstFacts,
    ErrorTest,
    RetriedErrors,
    class_errors,
    describe,
    union,
)
from auditor.python.runner.loop_parts import is_none_test, leaves_after
from auditor.python.runner.retry_factories import integer_defaults, made_decorators
from auditor.python.runner.retry_types import RetryDecorator
from auditor.python.runner.steps import StepCatalog, default_steps

_COUNTERS = frozenset({"range", "itertools.count", "count"})  # loops that count attempts


def _attempts(loop: ast.For | ast.While, known: dict[str, int]) -> tuple[int | None, str | None]:
    iterator = loop.iter if isinstance(loop, ast.For) else None
    if not isinstance(iterator, ast.Call) or dotted_name(iterator.func) != "range":
        return None, None
    if not iterator.args or len(iterator.args) > 2:
        return None, None
    stop = int_value(iterator.args[-1], known)
    start = int_value(iterator.args[0], known) if len(iterator.args) == 2 else 0
    names = [n.id for n in walk(iterator.args[-1]) if isinstance(n, ast.Name)]
    attempts = stop - start if stop is not None and start is not None else None
    return attempts, (names[0] if names else None)


def exception_tuples(tree: ast.Module, functions: list[Function]) -> dict[str, ast.expr]:
    """Names that stand for a tuple of exception classes: a module constant
    (`RETRIABLE = (RateLimitError, APIError)`) or a parameter's default
    (`def retrying(errors=(RateLimitError, APIError))`), the nearer first."""
    found: dict[str, ast.expr] = {}
    for statement in module_statements(tree):
        targets, value = assignment(statement)
        if isinstance(value, ast.Tuple) and len(targets) == 1 and isinstance(targets[0], ast.Name):
            found[targets[0].id] = value
    attributes: ClassAttributes | None = None  # (read when a default constructs a class)
    for function in functions:
        pairs = parameter_defaults(function).items()
        found.update(
            (a, d) for a, d in pairs if isinstance(d, ast.Tuple | ast.Name | ast.Attribute)
        )
        unset = {a for a, d in pairs if isinstance(d, ast.Constant) and d.value is None}
        found.update(_none_defaults(function, unset))
        # a configuration object's fields: `except config.retryable_exceptions:` with
        # `config = RetryConfig()` (its default, or what replaces a None default)
        made: list[tuple[str, ast.expr]] = [(a, d) for a, d in pairs if isinstance(d, ast.Call)]
        made += _none_defaults(function, unset, ast.Call).items()
        for name, value in made:
            cls = dotted_name(value.func) if isinstance(value, ast.Call) else None
            attributes = attributes or class_attributes(tree)
            if cls in attributes.classes:
                fields = _tuple_fields(attributes, cls)
                found.update((f"{name}.{field}", held) for field, held in fields.items())
    return found


def _tuple_fields(attributes: ClassAttributes, cls: str) -> dict[str, ast.expr]:
    """The fields a class's instances hold a tuple in by default (`ClassAttributes`): set
    in its body (`retry_on = (APIError,)`) or stored by a method from a parameter's
    default (`self.retryable_exceptions = retryable_exceptions`)."""
    found: dict[str, ast.expr] = {}
    for field in attributes.values:
        for each in attributes.assigned(field, attributes.lineage(cls)):
            value = each.value
            if isinstance(value, ast.Name) and each.method is not None:
                value = parameter_defaults(each.method).get(value.id, value)
            if isinstance(value, ast.Tuple):
                found[field] = value
    return found


def _none_test(test: ast.Compare) -> bool:
    """`NAME is None` (or `== None`), not `is not None`."""
    return is_none_test(test) and isinstance(test.ops[0], ast.Is | ast.Eq)


def _none_defaults(
    function: Function, unset: set[str], kind: type[ast.expr] = ast.Tuple
) -> dict[str, ast.expr]:
    """The tuples (or values of another `kind`) a function's statements give parameters
    that default to None before use: `if errors is None: errors = (Exception,)`,
    `errors = errors or (Exception,)`."""
    found: dict[str, ast.expr] = {}
    for statement in function.body if unset else ():
        if isinstance(statement, ast.If) and len(statement.body) == 1 and not statement.orelse:
            test, statement = statement.test, statement.body[0]
            compared = isinstance(test, ast.Compare) and isinstance(test.left, ast.Name)
            if not compared or not _none_test(test):  # type: ignore[arg-type]
                continue
        targets, value = assignment(statement)
        if isinstance(value, ast.BoolOp) and isinstance(value.op, ast.Or):
            value = value.values[-1]  # `errors = errors or (Exception,)`
        named = len(targets) == 1 and isinstance(targets[0], ast.Name)
        if named and targets[0].id in unset and isinstance(value, kind):  # type: ignore[attr-defined]
            found[targets[0].id] = value  # type: ignore[attr-defined]
    return found


def _with_classes(handler: ast.ExceptHandler, tuples: dict[str, ast.expr]) -> ast.ExceptHandler:
    """The clause with the classes its name stands for (`except errors:`), if known."""
    named = dotted_name(handler.type) if handler.type is not None else None
    if named is None or named not in tuples:  # `except errors:`, `except config.errors:`
        return handler
    resolved = ast.ExceptHandler(tuples[named], handler.name, handler.body)
    return ast.copy_location(resolved, handler)


def _given_classes(factory: Function, tuples: dict[str, ast.expr]) -> frozenset[str]:
    """The factory's parameters that an `except` may name and that no tuple of the module
    (a constant, a default) stands for: the classes are the ones each application gives
    (`@retry_with_backoff((TimeoutError,))`)."""
    arguments = factory.args
    names = [a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)]
    return frozenset(name for name in names if name not in tuples)


def _given(
    handler: ast.ExceptHandler, errors: RetriedErrors, given: frozenset[str]
) -> RetriedErrors:
    """What a clause retries when it catches what a parameter of the factory holds: its
    tests, with the class test of that name a `param` test, bound to the classes at each
    application (`RetryReach`); the clause's own narrowing tests stay as they are."""
    if not (isinstance(handler.type, ast.Name) and handler.type.id in given):
        return errors
    name = handler.type.id
    tests = (
        ErrorTest("param", name) if test == ErrorTest("class", name) else test
        for test in errors.tests
    )
    return RetriedErrors(tuple(tests))


def retry_decorator_details(
    tree: ast.Module,
    constants: dict[str, int],
    steps: StepCatalog | None = None,
    facts: AstFacts | None = None,
) -> dict[str, RetryDecorator]:
    """Module-level functions that re-run a function after catching: decorators, whose
    wrapper does it, and helpers (`retrying(fn, tries=3)`) that do it themselves."""
    blanket_names = (steps or default_steps()).blanket_exceptions
    found: dict[str, RetryDecorator] = {}
    # module-level functions, and methods (`@self._retry_with_backoff` in the class)
    body = module_statements(tree)
    candidates = [(s.name, s, False) for s in body if isinstance(s, Function)]
    candidates += [  # (a decorator the class body applies by name takes no instance)
        (f"{c.name}.{m.name}", m, _takes_instance(m))
        for c in body
        if isinstance(c, ast.ClassDef)
        for m in c.body
        if isinstance(m, Function)
    ]
    for qualname, statement, method in candidates:
        # A decorator defines its wrapper (`def wrapper`, or `def decorator` around it);
        # a helper calls one of its own parameters.
        if not _try_in_loop(statement):
            continue  # cheap: statements only, no expression is walked
        helper = not any(isinstance(inner, Function) for inner in statement.body)
        nodes = list(walk(statement))
        functions = [n for n in nodes if isinstance(n, Function)]
        wrapped = {name for f in functions for name in positional_parameters(f)}
        known = dict(constants)
        for function in functions:
            known.update(integer_defaults(function))
        tuples = exception_tuples(tree, functions)
        given = _given_classes(statement, tuples)
        for loop in (n for n in nodes if isinstance(n, ast.For | ast.While)):
            if helper and not _counts_attempts(loop, wrapped):
                continue  # `for item in items: try: fn(item)` goes through items, not retries
            facts = facts or AstFacts(tree)  # read once a loop is found
            handlers = [
                (h, _given(h, errors, given))
                for t in walk(loop)
                if isinstance(t, ast.Try) and _calls_wrapped(t, wrapped)
                for h in map(lambda h: _with_classes(h, tuples), t.handlers)
                if (
                    errors := handler_errors(
                        h, facts, blanket_names, falls_on=not leaves_after(loop.body, t)
                    )
                )
                is not None
            ]
            if not handlers:
                continue
            attempts, parameter = _attempts(loop, known)
            parameters = positional_parameters(statement)[1 if method else 0 :]  # not `self`
            defaulted = {  # `except errors:` with `errors=(Exception,)` a parameter
                h.type.id
                for t in walk(loop)
                if isinstance(t, ast.Try)
                for h in t.handlers
                if isinstance(h.type, ast.Name) and h.type.id in tuples
            } & {a.arg for a in walk(statement) if isinstance(a, ast.arg)}
            errors = union(e for _, e in handlers)
            wide = [h for h, e in handlers if e.every]
            shown = (wide or [h for h, _ in handlers])[0]
            catches = f"`except {ast.unparse(shown.type)}`" if shown.type else "a bare `except`"
            caught = union(
                _given(h, class_errors(class_names(h.type), blanket_names), given)
                for h, _ in handlers
            )
            if errors != caught:
                catches += f", for {describe(errors)}"
            found[qualname] = RetryDecorator(
                qualname,
                attempts,
                parameter if parameter in parameters else None,
                parameters.index(parameter) if parameter in parameters else None,
                errors.every,
                catches,
                helper,
                errors,
                classes_parameter=next(iter(defaulted)) if len(defaulted) == 1 else None,
            )
            break
    if found:
        every = [f for s in body if isinstance(s, Function) for f in walk(s)]
        tuples = exception_tuples(tree, [f for f in every if isinstance(f, Function)])
        facts = facts or AstFacts(tree)
        found.update(made_decorators(tree, found, constants, tuples, facts, blanket_names))
    return found


def _takes_instance(method: Function) -> bool:
    """Whether a function of a class body takes its instance or class first (`self`,
    `cls`), not a static method or a decorator the body calls by name."""
    decorators = {dotted_name(d) for d in method.decorator_list}
    positional = positional_parameters(method)
    return "staticmethod" not in decorators and positional[:1] in (["self"], ["cls"])


def _try_in_loop(function: Function) -> bool:
    """Whether a `try` runs inside a loop anywhere in a function (statements only)."""
    stack: list[tuple[ast.stmt, bool]] = [(s, False) for s in function.body]
    while stack:
        statement, in_loop = stack.pop()
        if isinstance(statement, ast.Try) and in_loop:
            return True
        inner = in_loop or isinstance(statement, ast.For | ast.AsyncFor | ast.While)
        for name in ("body", "orelse", "finalbody"):
            stack.extend((s, inner) for s in getattr(statement, name, ()))
        for handler in getattr(statement, "handlers", ()):
            stack.extend((s, inner) for s in handler.body)
    return False


def _counts_attempts(loop: ast.For | ast.While, wrapped: set[str]) -> bool:
    """Whether a loop repeats the same call: `while`, or `for` over `range(…)` or
    `itertools.count()` whose variable is not passed to the function it re-runs."""
    if isinstance(loop, ast.While):
        return True
    if not isinstance(loop.iter, ast.Call) or dotted_name(loop.iter.func) not in _COUNTERS:
        return False
    names = {n.id for n in walk(loop.target) if isinstance(n, ast.Name)}
    calls = (
        n
        for n in walk(loop)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in wrapped
    )
    arguments = (a for c in calls for a in (*c.args, *(k.value for k in c.keywords)))
    return not any(isinstance(n, ast.Name) and n.id in names for a in arguments for n in walk(a))


def _calls_wrapped(node: ast.Try, wrapped: set[str]) -> bool:
    calls = (n for s in node.body for n in walk(s) if isinstance(n, ast.Call))
    return any(isinstance(c.func, ast.Name) and c.func.id in wrapped for c in calls)
