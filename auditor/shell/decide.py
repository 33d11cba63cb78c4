"""Branches decided by known values, and the join of those that are not.

Where the words a test or `case` compares are known (a loop over a known
array binds its variable to each element in turn), the branch bash takes is
known too: `[[ $a == --model=* ]]`, `[ "$a" = x ]`, `[ -n "$a" ]`, `case $a in
--yolo|-y)`. Where they are not, every branch may run, and a variable after
the `if` or `case` holds what any branch gives it: the model keeps one value
per variable, so an array keeps the elements all branches agree on (then one
unknown element), and otherwise the last branch's value, as a walk of the
branches in order would.
"""

from __future__ import annotations

import fnmatch
from collections.abc import MutableMapping, Sequence

from auditor.shell.assignments import add_alternatives
from auditor.shell.parse import Node
from auditor.shell.words import ALTERNATIVES_SUFFIX, Env, Overlay, Value, evaluate, kept

_EQUAL = frozenset({"==", "="})
_UNARY = {"-n": True, "-z": False}


def _text(node: Node) -> str:
    return (node.text or b"").decode("utf-8", errors="replace")


def _matches(word: str, pattern: Node, env: Env) -> bool | None:
    """Whether `word` matches a pattern word (a glob unless quoted), if known."""
    value = _text(pattern) if pattern.type == "extglob_pattern" else evaluate(pattern, env)
    if value is None:
        return None
    if pattern.type in ("string", "raw_string"):
        return word == value
    return fnmatch.fnmatchcase(word, value)


def condition_holds(conditions: Sequence[Node], env: Env) -> bool | None:
    """Whether an `if` condition (one test on known words) holds; None if it depends
    on the run."""
    if len(conditions) != 1 or conditions[0].type != "test_command":
        return None
    tests = conditions[0].named_children
    if len(tests) != 1:
        return None
    test = tests[0]
    if test.type == "unary_expression" and len(test.named_children) == 2:
        operator, operand = test.named_children
        value = evaluate(operand, env)
        expected = _UNARY.get(_text(operator))
        return None if value is None or expected is None else bool(value) == expected
    if test.type != "binary_expression" or len(test.named_children) != 2:
        return None
    left, right = test.named_children
    compared = next((_text(c) for c in test.children if not c.is_named), "")
    if compared not in (*_EQUAL, "!="):
        return None
    word = evaluate(left, env)
    matched = _matches(word, right, env) if word is not None else None
    if matched is None:
        return None
    return matched if compared in _EQUAL else not matched


def case_arm(case: Node, env: Env) -> int | None:
    """The index of the `case` item bash runs for a known word (-1: none); None when
    the word or a pattern before the match is unknown."""
    value_node = case.child_by_field_name("value")
    word = evaluate(value_node, env) if value_node is not None else None
    if word is None:
        return None
    items = [c for c in case.named_children if c.type == "case_item"]
    for index, item in enumerate(items):
        close = next((c for c in item.children if c.type == ")"), None)
        if close is None:
            return None
        patterns = [c for c in item.named_children if c.end_byte <= close.start_byte]
        for pattern in patterns:
            matched = _matches(word, pattern, env)
            if matched is None:
                return None
            if matched:
                return index
    return -1


def catch_all(case: Node) -> bool:
    """Whether a `case` has a `*)` item, so that one of its items always runs."""
    for item in (c for c in case.named_children if c.type == "case_item"):
        close = next((c for c in item.children if c.type == ")"), None)
        if any(
            _text(p) == "*" for p in item.named_children if close and p.end_byte <= close.start_byte
        ):
            return True
    return False


def join(branches: Sequence[Overlay], into: MutableMapping[str, Value]) -> None:
    """Set `into` to what the variables may hold after one of `branches` (each over
    `into`) ran."""
    touched: set[str] = set()
    for branch in branches:
        touched |= branch.touched()
    varied: list[str] = []  # variables whose branches differ, or keep other values
    for key in sorted(touched):
        values = [branch[key] for branch in branches if key in branch]
        if values:
            into[key] = _joined(values)
        else:
            into.pop(key, None)
        if key.endswith(ALTERNATIVES_SUFFIX):
            varied.append(key[: -len(ALTERNATIVES_SUFFIX)])
        elif "\0" not in key and any(value != values[0] for value in values):
            varied.append(key)
    for key in sorted(set(varied)):
        held = [branch.get(key + ALTERNATIVES_SUFFIX, ()) for branch in branches]
        given = [value for branch in branches if (value := branch.get(key)) is not None]
        others = [value for values in held if isinstance(values, tuple) for value in values]
        if len(set(given)) > 1 or others:  # strings and arrays alike
            add_alternatives(into, key, (*others, *given))


def _joined(values: Sequence[Value]) -> Value:
    first = values[0]
    if all(value == first for value in values):
        return first
    if all(isinstance(value, tuple) for value in values):
        arrays = [value for value in values if isinstance(value, tuple)]
        common: list[str] = []
        for elements in zip(*arrays, strict=False):
            if any(element != elements[0] for element in elements):
                break
            common.append(elements[0])
        joined = kept((*common, "")) if common else None
        if joined is not None:
            return joined  # what follows differs by branch: unknown
    return values[-1]
