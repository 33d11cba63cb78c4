"""Bounds that a variable's default switches off: `MAX_ITERATIONS=0  # 0 = unlimited`,
then `[ $MAX_ITERATIONS -gt 0 ] && [ $i -ge $MAX_ITERATIONS ] && break`.

A test joined by `&&` runs only when the guard before it holds, and one joined by `||`
only when it fails: where the value a variable holds before the loop (and the loop never
changes) decides the guard so that the test never runs, neither the guard nor the test
bounds the loop's rounds as the script runs by default.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from auditor.shell.model import ShellScript
from auditor.shell.parse import Node, descendants, enclosing_definition
from auditor.shell.scenarios import EQUAL, ORDERING, UNEQUAL, compare, mirrored

# the operators of a test or arithmetic comparison of numbers (`scenarios.compare`)
_NUMERIC = EQUAL | UNEQUAL | ORDERING
_DEFAULTED = re.compile(r"\$\{\w+:?[-=]([^}$`]*)\}")  # `${MAX:-0}`: the value it falls back to
_VARIABLE = re.compile(r"^\$?\{?([A-Za-z_]\w*)\}?$")


def _text(node: Node) -> str:
    return (node.text or b"").decode("utf-8", errors="replace")


class Switched(NamedTuple):
    """The nodes of a condition that never run as the script runs by default, and the
    defaults that decide it (`MAX_ITERATIONS=0`)."""

    ids: frozenset[int]
    defaults: tuple[str, ...]


def switched_off(script: ShellScript, loop: Node, condition: Node) -> Switched:
    """The nodes in `condition` that never run with the variables' values before `loop`:
    a guard that those values decide against the test it joins, and the test."""
    found: set[int] = set()
    defaults: list[str] = []
    for node in descendants(condition):
        operands, joint = _chain(node)
        for index, guard in enumerate(operands[:-1]):
            holds = _guard_holds(script, loop, guard)
            if holds is not None and holds[0] == (joint == "||"):
                found |= {n.id for later in operands[index:] for n in descendants(later)}
                defaults.append(holds[1])
                break
    return Switched(frozenset(found), tuple(dict.fromkeys(defaults)))


def _chain(node: Node) -> tuple[list[Node], str]:
    """The operands of a `&&` or `||` (a list of commands, or a test's or arithmetic
    expression's binary operator), and which; none for anything else."""
    if node.type not in ("list", "binary_expression") or node.named_child_count != 2:
        return [], ""
    joints = [c.type for c in node.children if not c.is_named]
    if joints not in (["&&"], ["||"]):
        return [], ""
    return list(node.named_children), joints[0]


def _guard_holds(script: ShellScript, loop: Node, guard: Node) -> tuple[bool, str] | None:
    """Whether a guard comparing a variable with a number (`[ $max -gt 0 ]`, `(( max > 0
    ))`) or testing it for text (`[ -n "$max" ]`) holds with the value the variable has
    before the loop, and that value as assigned (`max=0`); None when it is not known."""
    nodes = descendants(guard)
    tests = [n for n in nodes if n.type in ("binary_expression", "unary_expression")]
    negated = any(n.type == "negated_command" or _text(n) == "!" for n in nodes)
    if len(tests) != 1 or negated:
        return None  # one comparison, as written: not `! [ … ]`, nor `A && B` inside
    found = tests[0]
    parts = [_text(c).strip("\"'") for c in found.children]
    if found.type == "unary_expression" and len(parts) == 2 and parts[0] in ("-n", "-z"):
        value = _before_loop(script, loop, parts[1])
        if value is None:
            return None
        return (value != "") == (parts[0] == "-n"), _assigned(parts[1], value)
    if found.type != "binary_expression" or len(parts) != 3 or parts[1] not in _NUMERIC:
        return None
    left, operator, right = parts
    if _VARIABLE.match(right) and not _VARIABLE.match(left):  # `[ 0 -lt $max ]`
        left, right, operator = right, left, mirrored(operator)
    value = _before_loop(script, loop, left)
    if value is None or not value.isdigit() or not right.isdigit():
        return None
    holds = compare(int(value), operator, int(right))
    return None if holds is None else (holds, _assigned(left, value))


def _assigned(written: str, value: str) -> str:
    """How a message shows the value a variable holds (`MAX_ITERATIONS=0`)."""
    matched = _VARIABLE.match(written)
    return f"{matched.group(1) if matched else written}={value}"


def _before_loop(script: ShellScript, loop: Node, written: str) -> str | None:
    """The literal value the variable `written` (`$max`, `${max}`, `max`) holds when the
    loop starts as the script runs by default: the last assignment of it among the
    statements of the function the loop is in (before the loop), else among the
    script's own, when the loop never changes it and nothing between sets it to a value
    it computes (`max=$(jq …)`, `read max`; an option given as `max="$2"` leaves the
    default as it is when the option is not given)."""
    matched = _VARIABLE.match(written)
    if matched is None:
        return None
    name = matched.group(1)
    if _writes(script, [loop], name, options=True):
        return None
    function = enclosing_definition(loop)
    body = function.child_by_field_name("body") if function is not None else None
    scopes = [[s for s in body.named_children if s.end_byte <= loop.start_byte]] if body else []
    top = script.parsed.root.named_children
    # a function's loop runs after the script's own statements have set their values
    scopes.append(
        top if function is not None else [s for s in top if s.end_byte <= loop.start_byte]
    )
    for statements in scopes:
        found = [
            (index, assignment)
            for index, statement in enumerate(statements)
            for assignment in _assignments(statement)
            if _name_of(assignment) == name
        ]
        if not found:
            continue
        index, assignment = found[-1]
        if _writes(script, statements[index + 1 :], name, options=False):
            return None
        return _literal(assignment.child_by_field_name("value"))
    return None


def _assignments(statement: Node) -> list[Node]:
    """The assignments a statement is: `x=0`, `local x=0`, `declare -i x=0`, `export x=0`."""
    if statement.type == "variable_assignment":
        return [statement]
    if statement.type == "declaration_command":
        return [c for c in statement.named_children if c.type == "variable_assignment"]
    return []


def _name_of(assignment: Node) -> str:
    name = assignment.child_by_field_name("name")
    return _text(name) if name is not None else ""


def _literal(value: Node | None) -> str | None:
    """A value's literal text (`0`, `"0"`, `${MAX:-0}`'s `0`; `x=` is ""); None for a
    value known only as the script runs."""
    if value is None:
        return ""
    text = _text(value)
    defaulted = _DEFAULTED.fullmatch(text.strip('"')) if value.type != "number" else None
    if defaulted is not None:
        return defaulted.group(1).strip("\"'")
    if value.type in ("number", "word", "raw_string") or (
        value.type == "string" and "$" not in text and "`" not in text
    ):
        return text.strip("\"'")
    return None


# what changes a variable where it runs: any assignment, `((x++))`, `(( x = … ))`, `read x`,
# `printf -v x`; and what may change any (`source`, `eval`)
_ANY_CHANGE = (
    r"(?<![\w$-]){0}(?:\[[^]]*\])?\+?=|(?:\+\+|--){0}\b|\b{0}(?:\+\+|--)|\(\(\s*{0}\s*[-+*/%]?="
)
_READ_INTO = (
    r"\b(?:let|read|readarray|mapfile|getopts)\b[^\n;|&]*\b{0}\b|\bprintf\s+-v\s*{0}\b"
    r"|(?:^|[;&|(\s])(?:source|eval|\.)\s"
)
# an option's value (`x="$2"`, `x=${2:?}`) or a literal: what the default stands beside
_OPTION = r"(?<![\w$-]){0}=(?:\"?\$\{{?\d|\"?[\w.-]*\"?(?:\s|;|$))"


def _writes(script: ShellScript, nodes: list[Node], name: str, *, options: bool) -> bool:
    """Whether `nodes`, or the functions of the script they call (and those call), may
    change the variable: any write (`options`), or one that sets a value known only as the
    script runs (`x=$(…)`, `read x`, `source`), not an option's or a literal."""
    texts = [_text(n) for n in nodes]
    seen: set[str] = set()
    pending = list(texts)
    while pending:  # the functions the text names, each once
        words = set(re.findall(r"[\w-]+", pending.pop()))
        for called in sorted(words & set(script.functions) - seen):
            seen.add(called)
            pending.append(_text(script.functions[called]))
            texts.append(pending[-1])
    escaped = re.escape(name)
    changes = re.compile(f"{_ANY_CHANGE}|{_READ_INTO}".format(escaped), re.M)
    option = re.compile(_OPTION.format(escaped), re.M)
    for text in texts:
        for found in changes.finditer(text):
            if options or not option.match(text, found.start()):
                return True
    return False
