"""What a condition says about a caught exception (stdlib `ast`).

A condition is read as a disjunction of conjunctions of (test, holds)
literals: `isinstance(e, APIStatusError) and e.status_code == 429` is one
conjunction of a class test and a status test. Tests are about the exception
itself, its message (`"overloaded" in str(e).lower()`, `any(k in msg for k
in MARKERS)`), its status (`500 <= e.status_code < 600`, `getattr(e,
"status_code", None) in (502, 503)`) or its type's name; anything else
(`attempt < 3`, `backoff_wait(…)`) is not about the failure and can go either
way. The ways through whole clauses are walked in
`auditor.python.runner.error_conditions`.
"""

from __future__ import annotations

import ast
from typing import NamedTuple

from auditor.python.model.ast_values import class_names, dotted_name
from auditor.python.runner.error_tests import (
    AstFacts,
    ErrorTest,
    literal_strings,
    status_range,
    status_tests,
)

_STATUS_ATTRIBUTES = frozenset({"status_code", "status", "http_status"})
_TEXT_CALLS = frozenset({"str", "repr"})
_WRAPPED = frozenset({"__cause__", "__context__"})
_TEXT_METHODS = frozenset({"lower", "upper", "casefold", "strip"})
_MAX_CONJUNCTIONS = 64

Literal = tuple[ErrorTest, bool]
Conjunction = frozenset[Literal]
TRUE: list[Conjunction] = [frozenset()]  # always possible, whatever the exception
Atom = tuple[list[ErrorTest], bool]  # any of these tests holds; negated


def consistent(conjunction: Conjunction) -> bool:
    """Whether one failure can pass every literal of a conjunction."""
    if any((test, not holds) in conjunction for test, holds in conjunction):
        return False
    statuses = [(status_range(t.value), holds) for t, holds in conjunction if t.kind == "status"]
    for (low, high), holds in statuses:
        for (other_low, other_high), other_holds in statuses:
            if holds and other_holds and (high < other_low or other_high < low):
                return False  # two statuses at once
            if holds and not other_holds and other_low <= low and high <= other_high:
                return False  # a status and not a range that holds it
    return True


def conjoin(left: list[Conjunction], right: list[Conjunction]) -> list[Conjunction]:
    """`left and right`."""
    found = [a | b for a in left for b in right if consistent(a | b)]
    return list(dict.fromkeys(found))[:_MAX_CONJUNCTIONS]


def disjoin(left: list[Conjunction], right: list[Conjunction]) -> list[Conjunction]:
    """`left or right`."""
    return list(dict.fromkeys(left + right))[:_MAX_CONJUNCTIONS]


# An exception's attributes that hold its text: its message, and what the process whose
# failure it reports printed (`subprocess.CalledProcessError`, `TimeoutExpired`).
_TEXT_ATTRIBUTES = frozenset({"message", "stderr", "stdout", "output"})


class Names(NamedTuple):
    """What names stand for on a way through a clause."""

    exception: frozenset[str]
    messages: frozenset[str] = frozenset()  # `msg = str(e).lower()`
    statuses: frozenset[str] = frozenset()  # `code = e.status_code`
    flags: frozenset[tuple[str, bool]] = frozenset()  # `should_retry = True`
    words: frozenset[tuple[str, tuple[str, ...]]] = frozenset()  # `markers = ("429", …)`
    tests: frozenset[tuple[str, ast.expr]] = frozenset()  # `retryable = is_transient(e)`


class Conditions:
    """Conditions on one exception, read as conjunctions of tests."""

    def __init__(self, facts: AstFacts) -> None:
        self.facts = facts

    def inlined(self, call: ast.Call, names: Names, holds: bool) -> list[Conjunction] | None:
        """When a call of a predicate function is true (or false); None: not one.
        The clause walker reads the module's own predicates inline."""
        return None

    def condition(self, node: ast.expr, names: Names, holds: bool = True) -> list[Conjunction]:
        """When `node` is true (`holds`) or false, as conjunctions."""
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            return self.condition(node.operand, names, not holds)
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "bool"
            and len(node.args) == 1
        ):  # `return bool("ENOENT" in text or …)`: the test it wraps
            return self.condition(node.args[0], names, holds)
        if isinstance(node, ast.BoolOp):
            conjunctive = isinstance(node.op, ast.And) == holds
            parts = [self.condition(value, names, holds) for value in node.values]
            result = parts[0]
            for part in parts[1:]:
                result = conjoin(result, part) if conjunctive else disjoin(result, part)
            return result
        flags = dict(names.flags)
        if isinstance(node, ast.Name) and node.id in flags:
            return TRUE if flags[node.id] == holds else []
        tested = dict(names.tests)
        if isinstance(node, ast.Name) and node.id in tested:
            return self.condition(tested[node.id], names, holds)
        if isinstance(node, ast.Constant) and isinstance(node.value, bool):
            return TRUE if node.value == holds else []
        if isinstance(node, ast.Call):
            inlined = self.inlined(node, names, holds)
            if inlined is not None:
                return inlined
        found = self.atom(node, names)
        if found is None or not found[0]:
            return TRUE  # not about the exception: either way
        tests, negated = found
        if holds != negated:
            return [frozenset({(t, True)}) for t in tests]
        return [frozenset((t, False) for t in tests)]

    # What an expression is about.

    def exception(self, node: ast.expr, names: Names) -> bool:
        """Whether `node` is the exception."""
        return isinstance(node, ast.Name) and node.id in names.exception

    def message(self, node: ast.expr, names: Names) -> bool:
        """`str(e)`, `repr(e)`, `e.message`, `str(e.message).lower()`, `f"{e}"`, `msg`,
        `" ".join(texts)` of a list that a message was appended to, and what a failed
        process printed (`e.stderr`, `e.output` of a `CalledProcessError`)."""
        if isinstance(node, ast.Name):
            return node.id in names.messages
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Attribute) and func.attr in _TEXT_METHODS:
                return self.message(func.value, names)
            if isinstance(func, ast.Attribute) and func.attr == "join" and len(node.args) == 1:
                return self.message(node.args[0], names)
            if isinstance(func, ast.Name) and func.id in _TEXT_CALLS and len(node.args) == 1:
                inner = node.args[0]
                return self.exception(inner, names) or self.message(inner, names)
        if isinstance(node, ast.Attribute) and node.attr in _TEXT_ATTRIBUTES:
            return self.exception(node.value, names)
        if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or):  # `e.stderr or ""`
            return any(self.message(value, names) for value in node.values)
        if isinstance(node, ast.JoinedStr):
            values = [v.value for v in node.values if isinstance(v, ast.FormattedValue)]
            return any(self.exception(v, names) for v in values)
        return False

    def status(self, node: ast.expr, names: Names) -> bool:
        """`e.status_code`, `e.response.status_code`, `getattr(e, "status_code", None)`;
        also of the error the exception wraps (`e.args[0].response.status_code`,
        `e.__cause__.status_code`: a library's retry error around the SDK's)."""
        if isinstance(node, ast.Name):
            return node.id in names.statuses
        if isinstance(node, ast.Attribute) and node.attr in _STATUS_ATTRIBUTES:
            owner = node.value
            if isinstance(owner, ast.Attribute) and owner.attr == "response":
                owner = owner.value
            return self.exception(owner, names) or self._wrapped(owner, names)
        if (
            isinstance(node, ast.Call)
            and dotted_name(node.func) == "getattr"
            and len(node.args) >= 2
        ):
            key = node.args[1]
            return (
                self.exception(node.args[0], names)
                and isinstance(key, ast.Constant)
                and key.value in _STATUS_ATTRIBUTES
            )
        return False

    def _wrapped(self, node: ast.expr, names: Names) -> bool:
        """`e.args[0]`, `e.__cause__`, `e.__context__`: the error the exception wraps."""
        if isinstance(node, ast.Attribute) and node.attr in _WRAPPED:
            return self.exception(node.value, names)
        return (
            isinstance(node, ast.Subscript)
            and isinstance(node.value, ast.Attribute)
            and node.value.attr == "args"
            and isinstance(node.slice, ast.Constant)
            and self.exception(node.value.value, names)
        )

    def type_name(self, node: ast.expr, names: Names) -> bool:
        """`type(e).__name__`, `e.__class__.__name__`."""
        if not isinstance(node, ast.Attribute) or node.attr != "__name__":
            return False
        owner = node.value
        if isinstance(owner, ast.Call) and dotted_name(owner.func) == "type" and owner.args:
            return self.exception(owner.args[0], names)
        return (
            isinstance(owner, ast.Attribute)
            and owner.attr == "__class__"
            and self.exception(owner.value, names)
        )

    def words(self, node: ast.expr, names: Names) -> tuple[str, ...] | None:
        """The strings a literal, a local name or a module constant holds."""
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return (node.value,)
        if isinstance(node, ast.Name):
            return dict(names.words).get(node.id) or self.facts.strings.get(node.id)
        return literal_strings(node)

    def atom(self, node: ast.expr, names: Names) -> Atom | None:
        """The tests an expression is (any of them holds), or None if it is not about
        the exception."""
        if isinstance(node, ast.Call):
            func = dotted_name(node.func)
            if func == "isinstance" and len(node.args) == 2:
                if not self.exception(node.args[0], names):
                    return None
                written = [class_names(c)[0] for c in _class_nodes(node.args[1])]
                classes = [self.facts.renamed.get(c, c) for c in written]
                return [ErrorTest("class", c) for c in classes], False
            if func == "any" and len(node.args) == 1:
                return self.any_marker(node.args[0], names)
            return None
        if not isinstance(node, ast.Compare):
            return None
        operands = [node.left, *node.comparators]
        if len(operands) == 3 and self.status(operands[1], names):
            return _status_between(node)
        if len(operands) != 2:
            return None
        left, right, operator = operands[0], operands[1], node.ops[0]
        if isinstance(operator, ast.In | ast.NotIn) and self.message(right, names):
            words = self.words(left, names)
            if words is None:
                return None
            return [ErrorTest("marker", w) for w in words], isinstance(operator, ast.NotIn)
        for subject, other in ((left, right), (right, left)):
            if self.type_name(subject, names):
                words = self.words(other, names)
                if words is None or not isinstance(operator, ast.Eq | ast.NotEq | ast.In):
                    return None
                return [ErrorTest("class", w) for w in words], isinstance(operator, ast.NotEq)
            if self.status(subject, names):
                return _status_compare(operator, other, flipped=subject is right)
        return None

    def any_marker(self, node: ast.expr, names: Names) -> Atom | None:
        """`any(k in msg for k in ("overloaded", "529"))`."""
        if not isinstance(node, ast.GeneratorExp | ast.ListComp) or len(node.generators) != 1:
            return None
        loop, element = node.generators[0], node.elt
        if (
            loop.ifs
            or not isinstance(loop.target, ast.Name)
            or not isinstance(element, ast.Compare)
            or len(element.ops) != 1
            or not isinstance(element.ops[0], ast.In)
            or not isinstance(element.left, ast.Name)
            or element.left.id != loop.target.id
            or not self.message(element.comparators[0], names)
        ):
            return None
        words = self.words(loop.iter, names)
        return ([ErrorTest("marker", w) for w in words], False) if words else None


def _class_nodes(node: ast.expr) -> list[ast.expr]:
    """The classes `isinstance` is given: `A`, `(A, b.B)`, `A | B` (each named as
    `class_names` names an `except`'s)."""
    if isinstance(node, ast.Tuple | ast.List):
        return [name for element in node.elts for name in _class_nodes(element)]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return _class_nodes(node.left) + _class_nodes(node.right)
    return [node] if dotted_name(node) else []


def _status_between(node: ast.Compare) -> Atom | None:
    """`500 <= e.status_code < 600`."""
    low, high = node.left, node.comparators[1]
    first, second = node.ops
    if not isinstance(first, ast.Lt | ast.LtE) or not isinstance(second, ast.Lt | ast.LtE):
        return None
    if not (isinstance(low, ast.Constant) and isinstance(high, ast.Constant)):
        return None
    if type(low.value) is not int or type(high.value) is not int:
        return None
    start = low.value + (1 if isinstance(first, ast.Lt) else 0)
    end = high.value - (1 if isinstance(second, ast.Lt) else 0)
    return status_tests(start, end), False


def _status_compare(operator: ast.cmpop, other: ast.expr, *, flipped: bool) -> Atom | None:
    """`e.status_code == 429`, `in (502, 503)`, `in range(500, 600)`, `>= 500`."""
    ranges = _integers(other)
    if ranges is None:
        return None
    if isinstance(operator, ast.In | ast.NotIn):
        if flipped:
            return None
        tests = [t for low, high in ranges for t in status_tests(low, high)]
        return tests, isinstance(operator, ast.NotIn)
    if len(ranges) != 1 or ranges[0][0] != ranges[0][1]:
        return None
    value = ranges[0][0]
    if isinstance(operator, ast.Eq | ast.NotEq):
        return status_tests(value, value), isinstance(operator, ast.NotEq)
    signs = {ast.Gt: ">", ast.GtE: ">=", ast.Lt: "<", ast.LtE: "<="}
    sign = next((s for k, s in signs.items() if isinstance(operator, k)), None)
    if sign is None:
        return None
    if flipped:  # `500 <= e.status_code`: read as `e.status_code >= 500`
        sign = {">": "<", ">=": "<=", "<": ">", "<=": ">="}[sign]
    # `status < 500` is `not (status >= 500)`: every test is an upward range.
    low = {">": value + 1, ">=": value, "<": value, "<=": value + 1}[sign]
    return status_tests(low, 599), sign.startswith("<")


def _integers(node: ast.expr) -> list[tuple[int, int]] | None:
    """The integer ranges a literal, a collection of literals or `range(a, b)` holds."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return [(node.value, node.value)]
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        found = [_integers(element) for element in node.elts]
        return [r for part in found if part for r in part] if all(found) else None
    if isinstance(node, ast.Call) and dotted_name(node.func) == "range" and len(node.args) == 2:
        bounds = [a.value for a in node.args if isinstance(a, ast.Constant)]
        if len(bounds) == 2 and type(bounds[0]) is int and type(bounds[1]) is int:
            return [(bounds[0], bounds[1] - 1)]
    return None
