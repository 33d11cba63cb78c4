"""Functions that never return: every call of one ends the script.

`die() { echo "$*" >&2; exit 1; }`, and `block_run() { cleanup; die "$1"; }` that
ends by calling it, end the script wherever they are called, as `exit` does: a
loop that calls one leaves (the script gives up), and a check that calls one on
failure stops there. A body leaves when one of its statements, reached whatever
went before, is an `exit`, a call of such a function, an `if` (with an `else`)
or a `case` (with a `*)` item) all of whose branches leave, or a `{ …; }` group
that does; a body with a `return` anywhere may come back, and an `exit` inside
a subshell, a pipeline or an `&&`/`||` list ends that or may not run.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from auditor.shell.commands import SimpleCommand
from auditor.shell.parse import Node, backgrounded, if_clauses

# How a call of it ends the script: "abort" when every `exit` on the way has a literal
# failure code (the script gives up), "exit" otherwise (`exit 0`, `exit "$rc"`).
ABORT, EXIT = "abort", "exit"

CommandAt = Callable[[Node], SimpleCommand | None]


def leaves(
    definition: Node,
    inside: Sequence[SimpleCommand],
    command_at: CommandAt,
    leaving: Mapping[str, str],
) -> str | None:
    """How every call of a function ends the script (ABORT or EXIT), or None when a call
    may return; `inside`: the commands of its body; `leaving`: the functions known to
    leave, and how."""
    body = definition.child_by_field_name("body")
    if body is None or body.type != "compound_statement":
        return None  # `f() ( … exit 1 )`: the exit leaves the subshell, the call returns
    if any(c.command_name == "return" for c in inside):
        return None
    return _block(_statements(body), command_at, leaving)


def ends_script(command: SimpleCommand, leaving: Mapping[str, str]) -> str | None:
    """How a command ends the script: `exit` (ABORT with a literal failure code, EXIT
    otherwise), a call of a function that leaves (as it does); None for any other."""
    if command.command_name == "exit":
        return ABORT if command.status_code not in (None, 0) else EXIT
    return leaving.get(command.command_name or "")


def _statements(node: Node) -> list[Node]:
    return [c for c in node.named_children if c.type != "comment"]


def _block(statements: list[Node], command_at: CommandAt, leaving: Mapping[str, str]) -> str | None:
    for statement in statements:
        ends = _statement(statement, command_at, leaving)
        if ends is not None:
            return ends
    return None


def _statement(node: Node, command_at: CommandAt, leaving: Mapping[str, str]) -> str | None:
    if backgrounded(node):
        return None  # a job: the script goes on
    if node.type == "redirected_statement":
        body = node.child_by_field_name("body")
        return _statement(body, command_at, leaving) if body is not None else None
    if node.type == "command":
        command = command_at(node)
        return ends_script(command, leaving) if command is not None else None
    if node.type == "compound_statement":
        return _block(_statements(node), command_at, leaving)
    if node.type == "if_statement":
        clauses, rest = if_clauses(node)
        if not clauses or not rest:
            return None  # no `else`: a false test goes on
        return _branches([then for _, then in clauses] + [rest], command_at, leaving)
    if node.type == "case_statement":
        items = [c for c in node.named_children if c.type == "case_item"]
        if not any(_catches_all(item) for item in items):
            return None
        return _branches([_case_body(item) for item in items], command_at, leaving)
    return None


def _branches(
    branches: list[list[Node]], command_at: CommandAt, leaving: Mapping[str, str]
) -> str | None:
    """How every branch leaves, when each does: ABORT when all abort."""
    ends = [_block(branch, command_at, leaving) for branch in branches]
    if any(end is None for end in ends):
        return None
    return ABORT if all(end == ABORT for end in ends) else EXIT


def _catches_all(item: Node) -> bool:
    values = item.children_by_field_name("value")
    return any(value.text == b"*" for value in values)


def _case_body(item: Node) -> list[Node]:
    values = {v.id for v in item.children_by_field_name("value")}
    return [c for c in _statements(item) if c.id not in values]
