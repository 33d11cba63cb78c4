"""The ways through an `except` clause or a retry predicate, and what each retries.

What a clause catches can be narrowed before it goes on to the next attempt:
`if not should_retry: raise`, `if "overloaded" not in str(e): raise`, a
helper of the module called with the exception that re-raises it unless it is
transient. Each way through the clause that goes on (falls off its end or
`continue`s) is a conjunction of tests on the exception; its most specific
positive test (a status, a message marker, else a class) says what that way
retries. A test whose branches end the same ways (`if isinstance(e, X):
log(e)`) decides nothing and is dropped. Predicates (tenacity's `retry=`,
backoff's `giveup=`) are read the same way, their `return`s saying yes or no.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING, NamedTuple

from auditor.finding import shortened
from auditor.flow import FALL, through_block
from auditor.python.model.ast_values import Function, dotted_name, is_transport
from auditor.python.model.endings import EXITS, Stops
from auditor.python.runner.error_atoms import TRUE, Conditions, Conjunction, Names, consistent
from auditor.python.runner.error_tests import (
    EVERY_ERROR,
    AstFacts,
    ErrorTest,
    RetriedErrors,
    class_errors,
    literal_strings,
    union,
)

if TYPE_CHECKING:  # annotations only: the step catalogue sits above this module
    from auditor.python.runner.steps import RetryLibrary

# How a way ends besides falling through: it goes on to the next attempt (`_RETRY`),
# or leaves the loop (`_STOP`: a raise or an exit; `_RETURN`; `_BREAK`); a predicate's
# ways end in `_YES` or `_NO`.
_RETRY, _STOP, _RETURN, _BREAK, _YES, _NO = "retry", "stop", "return", "break", "yes", "no"
_GOING_ON = (FALL, _RETRY)
_MAX_DEPTH = 3  # helpers inlined into helpers
_SPECIFIC = ("status", "marker", "class")  # which positive test names a way best
_EVERY_CLASS = frozenset({"Exception", "BaseException"})
_GIVEUP_KEYWORDS = frozenset({"giveup"})  # backoff: a true predicate stops the retries


class _Path(NamedTuple):
    outcome: str
    conjunction: Conjunction
    names: Names

    def to(self, outcome: str) -> _Path:
        return _Path(outcome, self.conjunction, self.names)


class _Walk(Conditions):
    """The ways through statements about one exception."""

    def __init__(
        self,
        facts: AstFacts,
        depth: int = 0,
        *,
        predicate: bool = False,
        stops: Stops | None = None,
    ) -> None:
        super().__init__(facts)
        self.depth = depth
        self.predicate = predicate  # a `return` says yes or no, not "leave the clause"
        self.stops = stops  # whether a call of another module never returns (the graph's)

    def inlined(self, call: ast.Call, names: Names, holds: bool) -> list[Conjunction] | None:
        """`is_transient(e)`: a function of the module given the exception, read inline."""
        function = self.facts.functions.get(dotted_name(call.func) or "")
        parameter = _parameter_for(function, call, names) if function is not None else None
        if function is None or self.depth >= _MAX_DEPTH:
            return None
        if parameter is None:  # `is_infra(str(e))`, `is_infra(message)`: given its text
            parameter = self._text_parameter(function, call, names)
            if parameter is None:
                return None
            start = _Path(FALL, frozenset(), Names(frozenset(), messages=frozenset({parameter})))
        else:
            start = _start(parameter)
        inner = _Walk(self.facts, self.depth + 1, predicate=True)
        paths = inner.predicate_block(function.body, start)
        wanted = _YES if holds else _NO
        return [p.conjunction for p in paths if p.outcome == wanted] if paths else None

    def _text_parameter(self, function: Function, call: ast.Call, names: Names) -> str | None:
        """The parameter of `function` that `call` passes the exception's message to."""
        positional = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
        given = [
            (positional[i] if i < len(positional) else None, a) for i, a in enumerate(call.args)
        ]
        given += [(k.arg, k.value) for k in call.keywords]
        return next((p for p, a in given if p and self.message(a, names)), None)

    def block(self, statements: list[ast.stmt], path: _Path) -> list[_Path]:
        return through_block(statements, path, self.statement)

    def predicate_block(self, statements: list[ast.stmt], path: _Path) -> list[_Path]:
        """Ways through a predicate function: each `return` says yes or no."""
        paths = self.block(statements, path)
        return [p.to(_NO) if p.outcome == FALL else p for p in paths]  # falls off: None

    def statement(self, node: ast.stmt, path: _Path) -> list[_Path]:
        if isinstance(node, ast.Raise):
            return [path.to(_STOP)]
        if isinstance(node, ast.Break | ast.Continue):
            return [path.to(_BREAK if isinstance(node, ast.Break) else _RETRY)]
        if isinstance(node, ast.Return):
            return self.returned(node.value, path)
        if isinstance(node, ast.If):
            return self.branch(node, path)
        if isinstance(node, ast.Try):
            paths = self.block(node.body, path)
            for handler in node.handlers:
                paths += self.block(handler.body, path)
            if node.finalbody:
                paths = [q for p in paths for q in self.block(node.finalbody, p)]
            return paths
        if isinstance(node, ast.With | ast.AsyncWith):
            return self.block(node.body, path)
        if isinstance(node, ast.For | ast.AsyncFor | ast.While):  # `break`/`continue` stay in it
            inner = self.block(node.body, path)
            return [p.to(FALL) if p.outcome in (_BREAK, _RETRY) else p for p in inner] + [path]
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            return [self.assigned(node.targets[0], node.value, path)]
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
            return self.called(node.value, path)
        return [path]

    def returned(self, value: ast.expr | None, path: _Path) -> list[_Path]:
        if not self.predicate:
            return [path.to(_RETURN)]
        if value is None:
            return [path.to(_NO)]  # a predicate returning None says no
        return [
            _Path(outcome, path.conjunction | way, path.names)
            for outcome, holds in ((_YES, True), (_NO, False))
            for way in self.condition(value, path.names, holds)
            if consistent(path.conjunction | way)
        ]

    def branch(self, node: ast.If, path: _Path) -> list[_Path]:
        ways = {holds: self.condition(node.test, path.names, holds) for holds in (True, False)}
        if ways[True] == ways[False] == TRUE:  # not about the failure: either branch
            return list(dict.fromkeys(self.block(node.body, path) + self.block(node.orelse, path)))
        walked: dict[bool, list[tuple[Conjunction, list[_Path]]]] = {True: [], False: []}
        for holds, body in ((True, node.body), (False, node.orelse)):
            for way in ways[holds]:
                joined = path.conjunction | way
                if consistent(joined):
                    start = _Path(FALL, joined, path.names)
                    walked[holds].append((way - path.conjunction, self.block(body, start)))
        ends = {
            holds: _shape([p for _, ps in found for p in ps]) for holds, found in walked.items()
        }
        if ends[True] == ends[False]:
            # Both branches end the same ways (`if isinstance(e, X): log(e)`): the test
            # decides nothing, so the ways out do not require it.
            return list(
                dict.fromkeys(
                    p._replace(conjunction=p.conjunction - added)
                    for found in walked.values()
                    for added, ps in found
                    for p in ps
                )
            )
        return [p for found in walked.values() for _, ps in found for p in ps]

    def assigned(self, target: ast.expr, value: ast.expr, path: _Path) -> _Path:
        if not isinstance(target, ast.Name):
            return path
        names, name = path.names, target.id
        flags = frozenset((k, v) for k, v in names.flags if k != name)
        if isinstance(value, ast.Constant) and isinstance(value.value, bool):
            flags |= {(name, value.value)}
        messages, statuses = names.messages - {name}, names.statuses - {name}
        if self.message(value, names):
            messages |= {name}
        elif self.status(value, names):
            statuses |= {name}
        exception = names.exception | {name} if self.exception(value, names) else names.exception
        words = frozenset((k, v) for k, v in names.words if k != name)
        if (held := literal_strings(value)) is not None:
            words |= {(name, held)}
        tests = frozenset((k, v) for k, v in names.tests if k != name)
        if isinstance(value, ast.Call) and self.inlined(value, names, True) is not None:
            tests |= {(name, value)}  # `retryable = is_transient(e)`, tested later
        named = Names(exception, messages, statuses, flags, words, tests)
        return path._replace(names=named)

    def called(self, call: ast.Call, path: _Path) -> list[_Path]:
        name = dotted_name(call.func) or ""
        if name in EXITS or name in self.facts.stopping or (self.stops and self.stops(call)):
            return [path.to(_STOP)]  # `sys.exit(1)`, `handle_error(…)` that exits
        parts = name.removesuffix(".append")
        if parts != name and "." not in parts and call.args:
            # `texts.append(str(e))`: the list holds the message (`" ".join(texts)` reads it)
            if self.message(call.args[0], path.names):
                names = path.names
                return [path._replace(names=names._replace(messages=names.messages | {parts}))]
            return [path]
        function = self.facts.functions.get(name)
        parameter = _parameter_for(function, call, path.names) if function else None
        if function is None or parameter is None or self.depth >= _MAX_DEPTH:
            return [path]
        # A helper given the exception (`_handle_transient(e, attempt)`): its `raise`
        # ends the retry, its return comes back to the clause.
        inner = _Walk(self.facts, self.depth + 1)
        start = _start(parameter, path.conjunction, path.names.flags)
        return [
            _Path(FALL, p.conjunction, path.names) if p.outcome in (FALL, _RETURN) else p
            for p in inner.block(function.body, start)
            if p.outcome in (FALL, _RETURN, _STOP)
        ]


def _start(
    exception: str,
    conjunction: Conjunction = frozenset(),
    flags: frozenset[tuple[str, bool]] = frozenset(),
) -> _Path:
    return _Path(FALL, conjunction, Names(frozenset({exception}), flags=flags))


def _shape(paths: list[_Path]) -> frozenset[tuple[str, frozenset[tuple[str, bool]]]]:
    return frozenset((p.outcome, p.names.flags) for p in paths)


def _parameter_for(function: Function, call: ast.Call, names: Names) -> str | None:
    """The parameter of `function` that `call` passes the exception to."""
    positional = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
    for index, argument in enumerate(call.args):
        if isinstance(argument, ast.Name) and argument.id in names.exception:
            return positional[index] if index < len(positional) else None
    for keyword in call.keywords:
        value = keyword.value
        if keyword.arg and isinstance(value, ast.Name) and value.id in names.exception:
            return keyword.arg
    return None


def _named(ways: list[Conjunction]) -> RetriedErrors | None:
    """What ways retry: each way's most specific positive test; None if a way requires
    none (it goes on for anything)."""
    tests: list[ErrorTest] = []
    for way in ways:
        positive = [test for test, holds in way if holds]
        # an HTTP library's error (`isinstance(e, httpx.HTTPStatusError) and
        # e.response.status_code == 429`) is none the SDK raises, whatever its status
        transport = sorted(t for t in positive if t.kind == "class" and is_transport(t.value))
        by_kind = (sorted(t for t in positive if t.kind == kind) for kind in _SPECIFIC)
        found = transport or next((tests for tests in by_kind if tests), [])
        if not found:
            return None
        tests.append(found[0])
    return RetriedErrors(tuple(dict.fromkeys(tests)))


def handler_errors(
    handler: ast.ExceptHandler,
    facts: AstFacts,
    blanket: frozenset[str],
    *,
    falls_on: bool = True,
    stops: Stops | None = None,
) -> RetriedErrors | None:
    """What an `except` clause of a retry loop retries, or None if it never goes on
    (`falls_on` false: what follows the `try` leaves the loop, so only a `continue` does;
    `stops`: whether a call of another module never returns)."""
    caught = class_errors(facts.classes(handler.type), blanket)
    exception = handler.name or ""  # no name: no test can be about it
    paths = _Walk(facts, stops=stops).block(handler.body, _start(exception))
    going = _GOING_ON if falls_on else (_RETRY,)
    going_on = [p.conjunction for p in paths if p.outcome in going]
    if not going_on:
        return None
    return _narrowed(caught, _named(going_on))


def _narrowed(caught: RetriedErrors, named: RetriedErrors | None) -> RetriedErrors:
    """What a clause retries: the failures its ways name, else the classes it catches
    (also `except httpx.HTTPStatusError`, whatever status it tests)."""
    caught_transport = caught.tests and all(is_transport(t.value) for t in caught.tests)
    return caught if named is None or caught_transport else named


def reaching_errors(
    handler: ast.ExceptHandler, calls: list[ast.Call], facts: AstFacts, caught: RetriedErrors
) -> RetriedErrors:
    """What an `except` clause retries by making its `try`'s calls again (`except E as e:
    if "does not support tools" in str(e): return create(**kw)`): the failures that pass
    the `if` tests on the way to one of `calls`; the classes it catches where a way to
    one tests nothing of the exception (`caught`). `calls`: the `try`'s, made again as
    written."""
    if not handler.name:
        return caught
    walk, wanted, ways = _Walk(facts), {ast.dump(call) for call in calls}, []

    def reaches(node: ast.AST) -> bool:
        return any(isinstance(n, ast.Call) and ast.dump(n) in wanted for n in ast.walk(node))

    def visit(statements: list[ast.stmt], path: _Path, found: list[Conjunction]) -> None:
        for statement in statements:
            if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                continue  # (defined here, run elsewhere)
            if isinstance(statement, ast.If):
                if reaches(statement.test):
                    ways.extend(found)
                for holds, body in ((True, statement.body), (False, statement.orelse)):
                    tests = walk.condition(statement.test, path.names, holds)
                    inner = [f | t for f in found for t in tests if consistent(f | t)]
                    # (past a bound, the ways are those of a clause that tests nothing)
                    visit(body, path, inner if len(inner) <= _MAX_WAYS else [frozenset()])
            elif isinstance(statement, ast.Assign) and len(statement.targets) == 1:
                if reaches(statement.value):
                    ways.extend(found)
                path = walk.assigned(statement.targets[0], statement.value, path)
            elif bodies := [v for v in _BODIES if isinstance(getattr(statement, v, None), list)]:
                for field in bodies:
                    visit(getattr(statement, field), path, found)
            elif reaches(statement):
                ways.extend(found)

    visit(handler.body, _start(handler.name), [frozenset()])
    return _narrowed(caught, _named(ways) if ways else None)


# the statement lists of a compound statement other than an `if` (`with`, `for`, `try`)
_BODIES = ("body", "orelse", "finalbody")
_MAX_WAYS = 64  # conjunctions kept on the way to a call through nested `if`s


def predicate_errors(node: ast.expr, facts: AstFacts, *, giveup: bool = False) -> RetriedErrors:
    """What a retry library's predicate retries: tenacity's `retry=`, retrying's
    `retry_on_exception=`, or (`giveup=True`) what backoff's `giveup=` leaves."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr) and not giveup:
        return union([predicate_errors(node.left, facts), predicate_errors(node.right, facts)])
    short = (dotted_name(node.func) or "").rsplit(".", 1)[-1] if isinstance(node, ast.Call) else ""
    if isinstance(node, ast.Call) and not giveup:
        first = node.args[0] if node.args else None
        if short in ("retry_if_exception_type", "retry_if_exception_cause_type"):
            return class_errors(facts.classes(first) if first else [], _EVERY_CLASS)
        if short in ("retry_if_not_exception_type", "retry_always"):
            return EVERY_ERROR
        if short == "retry_if_exception_message":
            given = [k.value for k in node.keywords if k.arg in ("message", "match")]
            text = given[0] if given else first
            if isinstance(text, ast.Constant) and isinstance(text.value, str):
                return RetriedErrors((ErrorTest("marker", text.value),))
        if short in ("retry_if_result", "retry_if_not_result"):
            return RetriedErrors((ErrorTest("result", ast.unparse(node)),))
        if short == "retry_any":
            return union(predicate_errors(a, facts) for a in node.args)
        if short == "retry_if_exception" and first is not None:
            return predicate_errors(first, facts)
    found = _function_errors(node, facts, giveup)
    return found if found is not None else RetriedErrors((ErrorTest("predicate", _shown(node)),))


def _predicate_function(node: ast.expr, facts: AstFacts) -> Function | None:
    """The module's function a predicate names: a module function (`is_transient`), or a
    method of the module's classes read on the instance or class (`self._is_retryable`)."""
    if isinstance(node, ast.Name):
        return facts.functions.get(node.id)
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return facts.methods.get(node.attr) if node.value.id in ("self", "cls") else None
    return None


def _shown(node: ast.expr) -> str:
    return shortened(ast.unparse(node))


def _function_errors(node: ast.expr, facts: AstFacts, giveup: bool) -> RetriedErrors | None:
    """A lambda or a module function of one exception: the ways it says "retry"."""
    walk = _Walk(facts, depth=1, predicate=True)
    if isinstance(node, ast.Lambda) and node.args.args:
        ways = walk.condition(node.body, _start(node.args.args[0].arg).names, not giveup)
    elif (function := _predicate_function(node, facts)) is not None:
        bound = not any(dotted_name(d) == "staticmethod" for d in function.decorator_list)
        given = function.args.args[1:] if isinstance(node, ast.Attribute) and bound else None
        given = function.args.args if given is None else given
        if not given:
            return None
        paths = walk.predicate_block(function.body, _start(given[0].arg))
        ways = [p.conjunction for p in paths if p.outcome == (_NO if giveup else _YES)]
    else:
        return None
    if not ways:
        return None
    named = _named(ways)
    return EVERY_ERROR if named is None else named


def library_errors(
    library: RetryLibrary, call: ast.Call | None, facts: AstFacts, blanket: frozenset[str]
) -> RetriedErrors:
    """What a retry library's decorator or loop retries, from its call's arguments: the
    exception classes given, narrowed by a predicate (`retry=`, `giveup=`)."""
    if library.results:  # it re-runs on what the function returns, never after a raise
        return RetriedErrors((ErrorTest("result", library.name),))
    exceptions = _argument(call, library.exception_keyword, library.exception_position)
    caught = class_errors(facts.classes(exceptions), blanket) if exceptions else EVERY_ERROR
    keyword, predicate = _library_predicate(library, call)
    if predicate is None:
        return caught
    giveup = keyword in _GIVEUP_KEYWORDS
    errors = predicate_errors(predicate, facts, giveup=giveup)
    unread = any(test.kind == "predicate" for test in errors.tests)
    if giveup and (errors.every or (unread and not caught.every)):
        return caught  # what `giveup=` leaves of the classes given; unread: those classes
    return errors


def _library_predicate(library: RetryLibrary, call: ast.Call | None) -> tuple[str, ast.expr | None]:
    """The predicate keyword a library call narrows its exceptions with, and its value."""
    for keyword in call.keywords if call is not None else ():
        name = keyword.arg or ""
        if name in library.predicate and name not in library.result_keywords:
            return name, keyword.value
    return "", None


def _argument(call: ast.Call | None, keyword: str | None, position: int | None) -> ast.expr | None:
    if call is None:
        return None
    found = next((k.value for k in call.keywords if keyword and k.arg == keyword), None)
    positional = [a for a in call.args if not isinstance(a, ast.Starred)]
    if found is None and position is not None and position < len(positional):
        found = positional[position]
    return found


class _RaiseWalk(_Walk):
    """The ways through a clause, each `raise` of a class ending its way as that class."""

    def statement(self, node: ast.stmt, path: _Path) -> list[_Path]:
        if isinstance(node, ast.Raise) and node.exc is not None:
            raised = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            last = (dotted_name(raised) or "").rsplit(".", 1)[-1]
            if last[:1].isupper():  # a class (`raise RateLimited()`), not `raise error`
                return [path.to(_RAISED + last)]
        return super().statement(node, path)


_RAISED = "raise:"  # (an outcome: the clause raises this class)


def raised_errors(
    handler: ast.ExceptHandler, facts: AstFacts, blanket: frozenset[str]
) -> dict[str, RetriedErrors]:
    """The classes an `except` clause raises in place of what it caught, and for each the
    failures it stands for: `except APIStatusError as e: if e.status_code == 429: raise
    RateLimited() from e` makes `RateLimited` a 429 (the caught classes, when no test of
    the failure decides)."""
    caught = class_errors(facts.classes(handler.type), blanket)
    paths = _RaiseWalk(facts).block(handler.body, _start(handler.name or ""))
    ways: dict[str, list[Conjunction]] = {}
    for path in paths:
        if path.outcome.startswith(_RAISED):
            ways.setdefault(path.outcome.removeprefix(_RAISED), []).append(path.conjunction)
    found: dict[str, RetriedErrors] = {}
    for name, conjunctions in ways.items():
        named = _named(conjunctions)
        found[name] = caught if named is None else named
    return found
