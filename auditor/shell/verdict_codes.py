"""Codes a shell function returns only after its agent run succeeded: verdicts on what the
run did (`return 1` when a review asks for another repair round), not the run's failure.

A function that tests the run's status and leaves on a failure (`if (( rc != 0 )); then
return 2; fi`) runs what follows only after a success: a literal failure code returned
there, and nowhere else, says nothing of how the run ended. A loop that goes round on it
runs new work on a successful run's verdict; it does not re-run a failed one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from auditor.shell.commands import SimpleCommand
from auditor.shell.parse import Node, ShellText

# `$rc -ne 0`, `"$?" != 0`, `rc != 0` in `(( ))`, `-gt 0`: a test that the run failed
_FAILED = r"(?:\$\{?NAME\}?\"?|\bNAME\b)\s*(?:-ne|!=|-gt|>)\s*0\b"
_HELD = re.compile(r"\b([A-Za-z_]\w*)=\$\{?(?:\?|PIPESTATUS)")  # `rc=$?`, `rc=${PIPESTATUS[0]}`
_LEAVING = frozenset({"return", "exit"})


def success_verdicts(
    body: Node, run: SimpleCommand, inside: Sequence[SimpleCommand], parsed: ShellText
) -> frozenset[int]:
    """The literal failure codes a function's body returns only where its `run` succeeded:
    after a test of the run's status that leaves the function on a failure."""
    names = ["\\?", *sorted(set(_HELD.findall(parsed.node_text(body))))]
    failed = re.compile("|".join(_FAILED.replace("NAME", name) for name in names))
    after: set[int] = set()
    elsewhere: set[int] = set()
    for command in inside:
        code = command.literal_code
        if (
            command.command_name != "return"
            or not code
            or command.node.start_byte < run.node.end_byte
        ):
            continue
        guarded = _after_failure_guard(command.node, run.node.end_byte, body, failed, parsed)
        (after if guarded else elsewhere).add(code)
    return frozenset(after - elsewhere)


def _after_failure_guard(
    node: Node, start: int, body: Node, failed: re.Pattern[str], parsed: ShellText
) -> bool:
    """Whether a statement after byte `start` and before `node`, in its block or one around
    it up to `body`, leaves the function when the run failed."""
    current = node
    while current.parent is not None and current.id != body.id:
        for sibling in current.parent.named_children:
            if sibling.start_byte >= current.start_byte:
                break
            if sibling.start_byte >= start and _failure_guard(sibling, failed, parsed):
                return True
        current = current.parent
    return False


def _failure_guard(statement: Node, failed: re.Pattern[str], parsed: ShellText) -> bool:
    """`if <the run failed>; then …; return N; fi` (no other branch), or `<the run failed>
    && return N`."""
    if statement.type == "if_statement":
        clauses = [c for c in statement.named_children if c.type in ("elif_clause", "else_clause")]
        conditions = [c for c in statement.children_by_field_name("condition") if c.is_named]
        branch = [
            c
            for c in statement.named_children
            if c.type not in ("elif_clause", "else_clause", "comment") and c not in conditions
        ]
        return (
            not clauses
            and len(conditions) == 1
            and bool(failed.search(parsed.node_text(conditions[0])))
            and bool(branch)
            and _leaves(branch[-1], parsed)
        )
    if statement.type == "list" and len(statement.named_children) == 2:
        test, action = statement.named_children
        operator = statement.children[1] if len(statement.children) > 2 else None
        return (
            operator is not None
            and operator.type == "&&"
            and bool(failed.search(parsed.node_text(test)))
            and _leaves(action, parsed)
        )
    return False


def _leaves(statement: Node, parsed: ShellText) -> bool:
    """Whether a statement is `return …` or `exit …`."""
    name = statement.child_by_field_name("name") if statement.type == "command" else None
    return name is not None and parsed.node_text(name) in _LEAVING
