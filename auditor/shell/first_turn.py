"""Runs errexit ends the script before, the first time a loop's body gets to `((n++))`
of a counter that is 0 there (`n=0` right before the loop): `((0))` is false, and under
`set -e` the script ends at it. A run after it in the loop's body never happens at all;
a failed run before it is never run again (`auditor.shell.loops`)."""

from __future__ import annotations

from collections.abc import Sequence

from auditor.shell.model import ShellScript
from auditor.shell.parse import Node, descendants, enclosing_loop, within
from auditor.shell.written_files import text_of

# Jumps that keep a run from the counter: after a failed run, a `continue` sends it round
# again without it (a `break` or `return` there is a success's way out). Before a run,
# none: a turn that jumps away runs neither the counter nor the run, and the first turn
# that goes on reaches the counter first.
ROUND = frozenset({"continue"})


def ends_first_turn(
    script: ShellScript, loop: Node, statements: Sequence[Node], jumps: frozenset[str]
) -> bool:
    """Whether errexit ends the script at one of `statements` (of `loop`'s body, in order)
    on the loop's first turn, the ones before it run without one of `jumps` that could
    pass it: `((n++))` of a counter that is 0 before the loop and not set again before
    it."""
    for index, statement in enumerate(statements):
        name = post_counted(statement)
        if name is not None:
            return (
                script.options_at(statement).errexit
                and _zero_before(loop, name)
                and not any(_assigns(n, name) for s in statements[:index] for n in descendants(s))
            )
        if any(script.name_at(n) in jumps for n in descendants(statement)):
            return False
    return False


def never_reached(script: ShellScript, node: Node) -> bool:
    """Whether the command `node` never runs: errexit ends the script the first time a
    turn of the loop that holds it gets to the counter before it (`((task++))` at 0, then
    the run)."""
    loop = enclosing_loop(node)
    body = loop.child_by_field_name("body") if loop is not None else None
    if loop is None or body is None:
        return False
    statements = [c for c in body.named_children if c.type != "comment"]
    at = next((i for i, s in enumerate(statements) if within(node, s)), None)
    return at is not None and ends_first_turn(script, loop, statements[:at], frozenset())


def post_counted(statement: Node) -> str | None:
    """The counter of a `((n++))` or `((n--))` statement, whose status is 1 when n was 0."""
    inner = [c for c in statement.named_children if c.type != "comment"]
    if statement.type != "compound_statement" or len(inner) != 1:
        return None
    if inner[0].type != "postfix_expression" or not inner[0].named_children:
        return None
    counter = inner[0].named_children[0]
    return text_of(counter) if counter.type == "variable_name" else None


def _zero_before(loop: Node, name: str) -> bool:
    """Whether the statement before `loop` in its block that last sets `name` sets it to 0
    on every way (`attempt=0`, `local attempt=0`); not one that sets it in a branch or a
    loop (either way may hold), and not a function's body (it runs where it is called)."""
    while loop.parent is not None and loop.parent.type == "redirected_statement":
        loop = loop.parent  # `while read -r line; do …; done < file`
    current = loop.prev_named_sibling
    while current is not None:
        if current.type != "function_definition":
            settings = [n for n in descendants(current) if _assigns(n, name)]
            if settings:
                direct = current.type in ("variable_assignment", "declaration_command")
                value = settings[-1].child_by_field_name("value")
                return direct and value is not None and text_of(value).strip("\"'") == "0"
        current = current.prev_named_sibling
    return False


def _assigns(node: Node, name: str) -> bool:
    if node.type != "variable_assignment":
        return False
    target = node.child_by_field_name("name")
    return target is not None and text_of(target) == name
