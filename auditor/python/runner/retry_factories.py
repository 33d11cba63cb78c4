"""Retry decorators a module makes out of its own retry helpers and factories.

- A factory whose wrapper hands the function it decorates to a retry helper of the
  module (`def retry(max_attempts=3): … def wrapper(*a, **k): return
  _execute_with_retry(func, a, k, max_attempts)`) retries as the helper does, with the
  helper's parameters bound to what the wrapper passes: the factory's own parameters.
- A module name bound to a factory's call (`llm_retry = retry(max_attempts=3)`), which
  other modules apply as `@llm_retry`, is the decorator that call makes: its attempts
  and the classes it catches bound to the call's arguments.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping

from auditor.python.model.ast_values import (
    Function,
    class_names,
    int_value,
    module_statements,
    parameter_defaults,
    positional_parameters,
    walk,
)
from auditor.python.model.expr_values import keyword_argument, positional_argument
from auditor.python.model.retry_reach import bind_errors
from auditor.python.runner.error_tests import (
    EVERY_ERROR,
    AstFacts,
    ErrorTest,
    RetriedErrors,
    bound_classes,
    class_errors,
    union,
)
from auditor.python.runner.retry_types import RetryDecorator

Tuples = Mapping[str, ast.expr]  # names that stand for a tuple of exception classes


def made_decorators(
    tree: ast.Module,
    found: Mapping[str, RetryDecorator],
    constants: Mapping[str, int],
    tuples: Tuples,
    facts: AstFacts,
    blanket: frozenset[str],
) -> dict[str, RetryDecorator]:
    """The module's retry decorators made out of those in `found` (see the docstring)."""
    body = module_statements(tree)
    functions = {s.name: s for s in body if isinstance(s, Function)}
    made: dict[str, RetryDecorator] = {}
    helpers = {name: d for name, d in found.items() if d.helper and name in functions}
    for name, factory in functions.items() if helpers else ():
        if name not in found:
            delegating = _delegating(factory, helpers, functions, constants, tuples, blanket)
            if delegating is not None:
                made[name] = delegating
    known = {**found, **made}
    for statement in body:
        if not (isinstance(statement, ast.Assign) and isinstance(statement.value, ast.Call)):
            continue
        call, targets = statement.value, statement.targets
        func = call.func.id if isinstance(call.func, ast.Name) else None
        factory_decorator = known.get(func or "")
        if func not in functions or factory_decorator is None or factory_decorator.helper:
            continue
        applied = _applied(
            factory_decorator, functions[func or ""], call, constants, facts, blanket
        )
        for target in (t for t in targets if isinstance(t, ast.Name)):
            made[target.id] = applied._replace(name=target.id)
    return made


def _delegating(
    factory: Function,
    helpers: Mapping[str, RetryDecorator],
    functions: Mapping[str, Function],
    constants: Mapping[str, int],
    tuples: Tuples,
    blanket: frozenset[str],
) -> RetryDecorator | None:
    """A factory (or decorator) whose wrapper hands the function it is given to a helper."""
    nested = [n for n in walk(factory) if isinstance(n, Function) and n is not factory]
    handed = {p for f in nested for p in positional_parameters(f)}  # the decorated function's name
    own = _parameters(factory)
    for call in (n for n in walk(factory) if isinstance(n, ast.Call)):
        name = call.func.id if isinstance(call.func, ast.Name) else ""
        helper = helpers.get(name)
        if helper is None or not any(isinstance(a, ast.Name) and a.id in handed for a in call.args):
            continue
        order = positional_parameters(functions[name])
        attempts, parameter = helper.attempts, None
        given = _argument(call, helper.parameter, order)
        if isinstance(given, ast.Name) and given.id in own:
            parameter = given.id
            attempts = integer_defaults(factory).get(given.id, attempts)
        elif given is not None:
            attempts = int_value(given, dict(constants))
        tests: list[RetriedErrors] = []
        defaulted = None
        for test in helper.errors.tests:
            passed = _argument(call, test.value, order) if test.kind == "param" else None
            if not isinstance(passed, ast.Name) or passed.id not in own:
                tests.append(RetriedErrors((test,)))
            elif passed.id in tuples:  # the factory's default (`(Exception,)`)
                tests.append(class_errors(class_names(tuples[passed.id]), blanket))
                defaulted = passed.id
            else:
                tests.append(RetriedErrors((ErrorTest("param", passed.id),)))
        errors = union(tests) if tests else EVERY_ERROR
        position = (
            positional_parameters(factory).index(parameter)
            if parameter in positional_parameters(factory)
            else None
        )
        return RetryDecorator(
            factory.name,
            attempts,
            parameter,
            position,
            errors.every,
            helper.catches,
            errors=errors,
            classes_parameter=defaulted,
        )
    return None


def _applied(
    decorator: RetryDecorator,
    factory: Function,
    call: ast.Call,
    constants: Mapping[str, int],
    facts: AstFacts,
    blanket: frozenset[str],
) -> RetryDecorator:
    """The decorator a call of a factory makes: its attempts and classes bound."""
    attempts = decorator.attempts
    given = keyword_argument(call, decorator.parameter) or positional_argument(
        call, decorator.position
    )
    if given is not None:
        attempts = int_value(given, dict(constants))
    errors = decorator.errors
    named = decorator.classes_parameter
    parameters = _parameters(factory)
    given = _argument(call, named, parameters) if named is not None else None
    if named is not None and given is not None:  # other classes than the default
        key = str(parameters.index(named)) if given in call.args else named
        tests = bound_classes(call, facts, blanket).get(key)
        if tests is not None:
            errors = RetriedErrors(tuple(ErrorTest(*test) for test in tests))
    elif any(test.kind == "param" for test in errors.tests):
        bound = bound_classes(call, facts, blanket)
        pairs = bind_errors(errors.tests, parameters, bound)
        errors = (
            EVERY_ERROR if pairs is None else RetriedErrors(tuple(ErrorTest(*p) for p in pairs))
        )
    return decorator._replace(
        attempts=attempts, parameter=None, position=None, errors=errors, blanket=errors.every
    )


def _argument(call: ast.Call, parameter: str | None, order: list[str]) -> ast.expr | None:
    """What a call passes for a parameter of the function it calls, by keyword or place."""
    if parameter is None:
        return None
    index = order.index(parameter) if parameter in order else None
    return keyword_argument(call, parameter) or positional_argument(call, index)


def _parameters(function: Function) -> list[str]:
    return [*positional_parameters(function), *(a.arg for a in function.args.kwonlyargs)]


def integer_defaults(function: Function) -> dict[str, int]:
    """A function's parameters whose default is an integer, with it."""
    found = {name: int_value(default, {}) for name, default in parameter_defaults(function).items()}
    return {name: value for name, value in found.items() if value is not None}
