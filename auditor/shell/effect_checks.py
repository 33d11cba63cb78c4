"""Checks of what an agent run left behind: an `if` that probes for a file or a program
and ends the script when it is missing (`if [ ! -f "$OUT" ]; then exit 1; fi`).

A run followed by such a check is judged by its effect (SPEC, RA203), whether the
check follows it or is the body of a function called after it, from this file or a
sourced one.
"""

from __future__ import annotations

from collections.abc import Callable

from auditor.shell.commands import SimpleCommand
from auditor.shell.parse import Node, descendants
from auditor.shell.status import OTHER_BRANCHES, field_of

# What checks what a run left behind: a file it wrote, a program it installed.
_FILE_TESTS = frozenset({"-e", "-f", "-s", "-d", "-r", "-w", "-x", "-L", "-h"})
_LOOKUPS = frozenset({"command", "which", "type", "hash"})

CommandAt = Callable[[Node], SimpleCommand | None]


def checks_effect(statement: Node, command_at: CommandAt) -> bool:
    """Whether an `if` probes what a run left behind and ends the script, with a failure,
    in the branch the probe takes (not `exit 0`, not an `else`: a dry-run switch that
    exits is no check of the run)."""
    if statement.type != "if_statement":
        return False

    def name(node: Node) -> str | None:
        command = command_at(node) if node.type == "command" else None
        return command.command_name if command is not None else None

    condition = [c for c in statement.named_children if field_of(c) == "condition"]
    probes = any(_probes(n, name) for c in condition for n in descendants(c))
    taken = [
        n
        for c in statement.named_children
        if c.type not in OTHER_BRANCHES and field_of(c) != "condition"
        for n in descendants(c)
    ]
    return probes and any(name(n) == "exit" and _failing_code(command_at(n)) for n in taken)


def _probes(node: Node, name: Callable[[Node], str | None]) -> bool:
    """Whether a node looks for what a run may have left: a file test (`[ -s out.md ]`,
    `test -f "$OUT"`) or a program lookup (`command -v jq`); a comparison of values
    (`[[ $i -ge $MAX ]]`) looks at nothing a run left."""
    if node.type == "unary_expression":
        operator = next((c for c in node.children if c.type == "test_operator"), None)
        return operator is not None and (operator.text or b"").decode() in _FILE_TESTS
    if node.type != "command":
        return False
    command = name(node)
    if command == "test":
        return any((w.text or b"").decode() in _FILE_TESTS for w in node.named_children)
    return command in _LOOKUPS


def body_checks_effect(definition: Node, command_at: CommandAt) -> bool:
    """Whether a function's body holds such a check among its own statements."""
    body = definition.child_by_field_name("body")
    return body is not None and any(checks_effect(s, command_at) for s in body.named_children)


def _failing_code(command: SimpleCommand | None) -> bool:
    """Whether an `exit` ends the script with a non-zero literal status (`exit 1`)."""
    return command is not None and command.literal_code not in (None, 0)
