"""Which failures a retry layer retries: every one it catches, or only some.

A layer goes on after catching an exception: a library decorator given
exception classes or a predicate, or an `except` clause of a loop (a retry
decorator's wrapper or a hand-written loop). What it retries is a set of
tests on the failure (its class, its HTTP status, words in its message), or
every failure it catches. These records, and the facts of a module that the
analysis reads (`auditor.python.runner.error_conditions`), are kept on stdlib `ast`
so the project index can carry them.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from auditor.python.model.ast_values import (
    TRANSPORT_MODULES,
    Function,
    class_names,
    dotted_name,
    module_statements,
    statements,
    walk,
)
from auditor.python.model.endings import module_stops
from auditor.python.model.imports import Imports
from auditor.python.model.retry_reach import SPREAD


class ErrorTest(NamedTuple):
    """One condition on a failure under which a layer retries."""

    # "class", "status", "marker", "result" (a returned value), "predicate" (unread),
    # "param" (the classes a factory's parameter is given where it is applied), "except"
    # (every failure but this class: a clause before the one going on lets it out)
    kind: str
    value: str  # "InternalServerError"; "429", "5xx"; "overloaded"; the predicate's source


class RetriedErrors(NamedTuple):
    """The failures a layer retries: those passing any of its tests; no test: every one."""

    tests: tuple[ErrorTest, ...] = ()

    @property
    def every(self) -> bool:
        """Whether every failure the layer catches is retried."""
        return not self.tests


EVERY_ERROR = RetriedErrors()
# The class an empty tuple of classes is read as (`except ():`): it names no failure
NO_CLASS = "()"


def status_range(value: str) -> tuple[int, int]:
    """The statuses a status test holds: "429" is 429 only, "5xx" is 500 to 599."""
    if value.endswith("xx"):
        return int(value[0]) * 100, int(value[0]) * 100 + 99
    low, _, high = value.partition("-")
    return int(low), int(high or low)


def status_tests(low: int, high: int) -> list[ErrorTest]:
    """The status tests for the statuses `low` to `high`: "429", "5xx", "4xx" and "5xx"."""
    low, high = max(low, 100), min(high, 599)
    if low > high:
        return []
    if low == high:
        return [ErrorTest("status", str(low))]
    if low % 100 == 0 and high % 100 == 99:
        return [ErrorTest("status", f"{h}xx") for h in range(low // 100, high // 100 + 1)]
    return [ErrorTest("status", f"{low}-{high}")]


def class_errors(names: Iterable[str], blanket: frozenset[str]) -> RetriedErrors:
    """What an `except` of these classes retries (no class, a blanket or an unread one:
    every failure)."""
    found = list(dict.fromkeys(names))
    if not found or any(name in blanket or name == "?" for name in found):
        return EVERY_ERROR
    return RetriedErrors(tuple(ErrorTest("class", name) for name in found))


def caught_names(node: ast.expr) -> list[str]:
    """The last names of the classes an `except` names ("?" for one not named plainly)."""
    return [name.rsplit(".", 1)[-1] for name in class_names(node)]


def keeps_failure(
    handler: ast.ExceptHandler,
    blanket: frozenset[str],
    helper: Callable[[ast.expr], Function | None] | None = None,
) -> bool:
    """Whether a clause catches every failure and raises nowhere (the failure stays in):
    nor, with `helper` (the function of the module a call runs), ends by calling one whose
    body ends raising (`except Exception as e: self._handle(e)`, which re-raises it)."""
    names = [] if handler.type is None else caught_names(handler.type)
    every = class_errors(names, blanket).every
    inside = (n for s in handler.body for n in (s, *statements(s, definitions=False)))
    if not every or any(isinstance(n, ast.Raise) for n in inside):
        return False
    last = handler.body[-1] if handler.body and helper is not None else None
    value = last.value if isinstance(last, ast.Expr) else None
    value = value.value if isinstance(value, ast.Await) else value
    called = helper(value.func) if helper is not None and isinstance(value, ast.Call) else None
    return not (called is not None and called.body and isinstance(called.body[-1], ast.Raise))


def union(found: Iterable[RetriedErrors]) -> RetriedErrors:
    """The failures any of several layers or clauses retries."""
    tests: list[ErrorTest] = []
    for errors in found:
        if errors.every:
            return EVERY_ERROR
        tests += errors.tests
    return RetriedErrors(tuple(dict.fromkeys(tests)))


def describe(errors: RetriedErrors | Iterable[ErrorTest]) -> str:
    """How messages name the failures: "429 and 5xx responses, `RemoteProtocolError` and
    errors that mention `overloaded`"."""
    tests = errors.tests if isinstance(errors, RetriedErrors) else tuple(errors)
    if not tests:
        return "every failure"
    by_kind: dict[str, list[str]] = {}
    for test in tests:
        by_kind.setdefault(test.kind, []).append(test.value)
    parts: list[str] = []
    if "status" in by_kind:
        statuses = sorted(by_kind["status"], key=status_range)
        parts.append(f"{listed(statuses)} responses")
    parts += [f"`{name}`" if name != NO_CLASS else "no class" for name in by_kind.get("class", ())]
    if "marker" in by_kind:
        quoted = [f"`{marker}`" for marker in by_kind["marker"]]
        parts.append(f"errors that mention {listed(quoted, 'or')}")
    if "result" in by_kind:
        parts.append("some return values")
    parts += [f"the failures `{p}` accepts" for p in by_kind.get("predicate", ())]
    if "except" in by_kind:
        let_out = listed([f"`{name}`" for name in by_kind["except"]], "or")
        parts.append(f"every failure but {let_out}")
    parts += [f"the classes its `{p}` is given" for p in by_kind.get("param", ())]
    return listed(parts)


def listed(items: list[str], last: str = "and") -> str:
    """`a`, `a and b`, `a, b and c`."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {last} {items[-1]}"


class AstFacts:
    """What the analysis reads from a whole module: its functions, string-list
    constants, exception-tuple constants and the classes it imports under another name."""

    def __init__(self, tree: ast.Module) -> None:
        self.tree = tree
        self.functions: dict[str, Function] = {}
        self.strings: dict[str, tuple[str, ...]] = {}  # `MARKERS = ("overloaded", "529")`
        self.exceptions: dict[str, list[str]] = {}  # `RETRIABLE = (RateLimitError, …)`
        self.renamed: dict[str, str] = {}  # `import RateLimitError as OpenAIRateLimitError`
        self.methods: dict[str, Function] = {}  # by name, when one class has it
        self.class_defs: dict[str, ast.ClassDef] = {}  # by name (the last definition)
        owners: dict[str, set[str]] = {}  # a method's name -> the classes that define it
        for statement in module_statements(tree):
            if isinstance(statement, Function):
                self.functions[statement.name] = statement
            elif isinstance(statement, ast.ClassDef):
                self.class_defs[statement.name] = statement
                for method in statement.body:
                    if isinstance(method, Function):  # the last definition, as Python keeps
                        self.methods[method.name] = method
                        owners.setdefault(method.name, set()).add(statement.name)
            elif isinstance(statement, ast.ImportFrom):
                self.renamed.update((a.asname, a.name) for a in statement.names if a.asname)
                module = statement.module or ""
                if module.split(".")[0] in TRANSPORT_MODULES:  # `from httpx import ConnectError`
                    self.renamed.update(
                        (a.asname or a.name, f"{module.split('.')[0]}.{a.name}")
                        for a in statement.names
                    )
            elif isinstance(statement, ast.Assign) and len(statement.targets) == 1:
                target, words = statement.targets[0], literal_strings(statement.value)
                if isinstance(target, ast.Name) and words is not None:
                    self.strings[target.id] = words
                elif isinstance(target, ast.Name):
                    self._classes_assigned(target.id, statement.value)
            elif (
                isinstance(statement, ast.AnnAssign)
                and isinstance(statement.target, ast.Name)
                and statement.value is not None
            ):
                self._classes_assigned(statement.target.id, statement.value)
            else:
                self._classes_added(statement)
        self.methods = {name: m for name, m in self.methods.items() if len(owners[name]) == 1}

    def _classes_assigned(self, name: str, value: ast.expr) -> None:
        """A module constant of exception classes: a tuple or a list of them (`RETRIABLE =
        (RateLimitError, APIError)`), or a tuple of a list built before (`tuple(found)`).
        A name given tuples in the arms of a top-level `if`/`try` (a guarded import: the
        SDK's classes when it is installed, builtins else) holds any of them."""
        if isinstance(value, ast.Tuple | ast.List):
            held = self.exceptions.get(name, [])
            self.exceptions[name] = list(dict.fromkeys([*held, *class_names(value)]))
        elif (
            isinstance(value, ast.Call)
            and dotted_name(value.func) in ("tuple", "list")
            and len(value.args) == 1
            and isinstance(value.args[0], ast.Name)
            and value.args[0].id in self.exceptions
        ):
            self.exceptions[name] = list(self.exceptions[value.args[0].id])

    def _classes_added(self, statement: ast.stmt) -> None:
        """Classes a module statement adds to such a list (`found.extend([openai.
        RateLimitError])`, `found.append(X)`, `found += [X]`), also under a guarded import."""
        if isinstance(statement, ast.AugAssign) and isinstance(statement.target, ast.Name):
            name, added = statement.target.id, statement.value
        elif (
            isinstance(statement, ast.Expr)
            and isinstance(call := statement.value, ast.Call)
            and isinstance(call.func, ast.Attribute)
            and call.func.attr in ("extend", "append")
            and isinstance(call.func.value, ast.Name)
            and len(call.args) == 1
        ):
            name, added = call.func.value.id, call.args[0]
        else:
            return
        if name in self.exceptions:
            listed = added if isinstance(added, ast.Tuple | ast.List) else ast.Tuple([added])
            self.exceptions[name] = [*self.exceptions[name], *class_names(listed)]

    @functools.cached_property
    def stopping(self) -> frozenset[str]:
        """The module's functions that never return (`endings`): a call of one ends the
        way it is on (`handle_error("quota")`, whose body exits)."""
        return module_stops(self.functions)

    @functools.cached_property
    def origins(self) -> dict[str, frozenset[str]]:
        """The top-level packages the module names each class through, by its imports:
        `openai` for `openai.RateLimitError`, `oai.RateLimitError` after `import openai
        as oai`, or `RateLimitError` after `from openai import RateLimitError`."""
        imports = Imports(self.tree, "")
        found: dict[str, set[str]] = {}
        for node in walk(self.tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                qualified = imports.qualify(f"{node.value.id}.{node.attr}")
            elif isinstance(node, ast.Name):
                qualified = imports.qualify(node.id)
            else:
                continue
            package, _, rest = qualified.partition(".")
            if rest:
                found.setdefault(rest.rsplit(".", 1)[-1], set()).add(package)
        return {name: frozenset(packages) for name, packages in found.items()}

    def classes(self, node: ast.expr | None) -> list[str]:
        """The classes an `except` or a retry library's argument names, through the
        module's tuple constants and its imports' other names."""
        found: list[str] = []
        for name in class_names(node):
            for each in self.exceptions.get(name, [name]):
                found.append(self.renamed.get(each, each))
        return found


@functools.lru_cache(maxsize=2)  # the module being read (its tree dies with its audit)
def module_facts(tree: ast.Module) -> AstFacts:
    """The facts of a parsed module; kept for the module being read, as the retry
    catalogue and the loop walk ask about the same one."""
    return AstFacts(tree)


def literal_strings(node: ast.expr) -> tuple[str, ...] | None:
    """The strings of a literal tuple, list or set of strings."""
    if isinstance(node, ast.Tuple | ast.List | ast.Set) and node.elts:
        words = [e.value for e in node.elts if isinstance(e, ast.Constant)]
        if len(words) == len(node.elts) and all(isinstance(w, str) for w in words):
            return tuple(str(w) for w in words)
    return None


def passed_classes(
    call: ast.Call,
    facts: AstFacts,
    blanket: frozenset[str],
    held: Callable[[str], ast.expr | None] = lambda name: None,
) -> tuple[tuple[str, Any], ...]:
    """The exception classes a call passes, as `bound_classes` reads them, of the
    arguments that can only be classes: a tuple of capitalised names (`(RateLimitError,
    APIError)`, not `(n, m)`) or a module's tuple constant of them (`_RETRYABLE`), also
    through the function's local names bound once (`held`: `errors = (a.B, a.C)`, then
    `call_with_retries(fn, errors)`); none for an `isinstance` test."""
    found: list[tuple[str, Any]] = []
    if isinstance(call.func, ast.Name) and call.func.id in ("isinstance", "issubclass"):
        return ()
    given = [(str(i), a) for i, a in enumerate(call.args)]
    for key, written in [*given, *((k.arg, k.value) for k in call.keywords if k.arg)]:
        value = _inlined(written, facts, held)
        named = isinstance(value, ast.Name) and value.id in facts.exceptions
        listed = (
            isinstance(value, ast.Tuple)
            and value.elts
            and all(isinstance(e, ast.Name | ast.Attribute) for e in value.elts)
        )
        names = facts.classes(value) if named or listed else []
        if names and "?" not in names and all(name[:1].isupper() for name in names):
            tests = class_errors(names, blanket).tests  # none: every failure
            found.append((key, tuple((t.kind, t.value) for t in tests)))
    return tuple(found)


def _inlined(value: ast.expr, facts: AstFacts, held: Callable[[str], ast.expr | None]) -> ast.expr:
    """`value` with a local name (or a tuple's) read as what it is bound to, unless it is
    one of the module's tuple constants."""
    if isinstance(value, ast.Name) and value.id not in facts.exceptions:
        return held(value.id) or value
    if isinstance(value, ast.Tuple):
        return ast.Tuple(elts=[_inlined(e, facts, held) for e in value.elts], ctx=ast.Load())
    return value


def bound_classes(
    call: ast.Call, facts: AstFacts, blanket: frozenset[str]
) -> dict[str, list[list[str]] | None]:
    """The exception classes a call gives each parameter, by position ("0") or keyword,
    as error tests (an empty tuple names `NO_CLASS`); None for classes it cannot read
    (`get_errors()`), never taken for every failure."""
    bound: dict[str, list[list[str]] | None] = {}
    starred = next((i for i, a in enumerate(call.args) if isinstance(a, ast.Starred)), None)
    given = [(str(i), a) for i, a in enumerate(call.args[:starred])]
    for key, value in [*given, *((k.arg, k.value) for k in call.keywords if k.arg)]:
        bound[key] = given_classes(value, facts, blanket)
    if starred is not None or any(k.arg is None for k in call.keywords):
        bound[SPREAD] = None  # (`*args`, `**options`: it may give any parameter)
    return bound


def given_classes(
    value: ast.expr, facts: AstFacts, blanket: frozenset[str]
) -> list[list[str]] | None:
    """The exception classes an expression given for a class parameter names, as error
    tests (`bound_classes`); None for classes it cannot read."""
    names = facts.classes(value) or [NO_CLASS]
    tests = class_errors(names, blanket).tests
    return None if "?" in names else [[t.kind, t.value] for t in tests]
