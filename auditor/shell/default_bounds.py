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

# how a test compares a number: the test operators and their arithmetic spellings
_COMPARE = {
    "-eq": int.__eq__,
    "-ne": int.__ne__,
    "-gt": int.__gt__,
    "-ge": int.__ge__,
    "-lt": int.__lt__,
    "-le": int.__le__,
    "==": int.__eq__,
    "=": int.__eq__,
    "!=": int.__ne__,
    ">": int.__gt__,
    ">=": int.__ge__,
    "<": int.__lt__,
    "<=": int.__le__,
}
_DEFAULTED = re.compile(r"\$\{\w+:?[-=]([^}]*)\}")  # `${MAX:-0}`: the value it falls back to
_VARIABLE = re.compile(r"^\$?\{?(\w+)\}?$")


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
    found = next(
        (n for n in descendants(guard) if n.type in ("binary_expression", "unary_expression")),
        None,
    )
    if found is None:
        return None
    parts = [_text(c).strip("\"'") for c in found.children]
    if found.type == "unary_expression" and len(parts) == 2 and parts[0] in ("-n", "-z"):
        value = _before_loop(script, loop, parts[1])
        if value is None:
            return None
        return (value != "") == (parts[0] == "-n"), _assigned(parts[1], value)
    if found.type != "binary_expression" or len(parts) != 3 or parts[1] not in _COMPARE:
        return None
    left, operator, right = parts
    if _VARIABLE.match(right) and not _VARIABLE.match(left):  # `[ 0 -lt $max ]`
        left, right = right, left
        operator = {">": "<", "<": ">", ">=": "<=", "<=": ">="}.get(operator, operator)
        operator = {"-gt": "-lt", "-lt": "-gt", "-ge": "-le", "-le": "-ge"}.get(operator, operator)
    value = _before_loop(script, loop, left)
    if value is None or not value.isdigit() or not right.isdigit():
        return None
    return bool(_COMPARE[operator](int(value), int(right))), _assigned(left, value)


def _assigned(written: str, value: str) -> str:
    """How a message shows the value a variable holds (`MAX_ITERATIONS=0`)."""
    matched = _VARIABLE.match(written)
    return f"{matched.group(1) if matched else written}={value}"


def _before_loop(script: ShellScript, loop: Node, written: str) -> str | None:
    """The literal value the variable `written` (`$max`, `${max}`, `max`) holds when the
    loop starts: the last assignment of it in the script's own statements before the loop
    (anywhere in them, for a loop in a function), when the loop changes it nowhere."""
    matched = _VARIABLE.match(written)
    if matched is None:
        return None
    name = matched.group(1)
    if _changed_in(script, loop, name):
        return None
    in_function = enclosing_definition(loop) is not None
    value: str | None = None
    for statement in script.parsed.root.named_children:
        if not in_function and statement.start_byte >= loop.start_byte:
            break
        assignments = (
            [statement]
            if statement.type == "variable_assignment"
            else [c for c in statement.named_children if c.type == "variable_assignment"]
            if statement.type == "declaration_command"
            else []
        )
        for assignment in assignments:
            variable = assignment.child_by_field_name("name")
            if variable is not None and _text(variable) == name:
                value = _literal(assignment.child_by_field_name("value"))
    return value


def _literal(value: Node | None) -> str | None:
    """A value's literal text (`0`, `"0"`, `${MAX:-0}`'s `0`); None for anything else."""
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


def _changed_in(script: ShellScript, loop: Node, name: str) -> bool:
    """Whether `loop`'s text, or a function of the script it names, may change the
    variable: an assignment, `((name++))`, `let`, `read`, `declare` or `local`."""
    text = _text(loop)
    words = set(re.findall(r"[\w-]+", text))
    texts = [text, *(_text(f) for n, f in script.functions.items() if n in words)]
    escaped = re.escape(name)
    changes = re.compile(
        rf"(?<![\w$]){escaped}(?:\[[^]]*\])?\+?=|(?:\+\+|--){escaped}\b|\b{escaped}(?:\+\+|--)"
        rf"|\b(?:let|read|declare|local|readarray|mapfile)\b[^\n;]*\b{escaped}\b"
    )
    return any(changes.search(t) for t in texts)
