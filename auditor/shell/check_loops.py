"""Loops that run a check of the work and go on until it passes, around an agent run.

A loop that runs a check (tests, a build, a linter) and leaves once it passes
judges each agent run in it by that check, whatever the run's own status: the
run is not lost (`aider -m …; $TEST; if [ $? -eq 0 ]; then break; fi`). The
check may come after the run in the same turn, or at the head of the next
turn (`run_check pnpm test; status=$?; if [[ $status -eq 0 ]]; then exit 0;
fi; claude -p "fix it"`: the run happens only when the check failed, and the
next turn checks again); and the run may sit in the branch a failed check
takes (`if ! verify_build; then claude -p "fix the build"; fi`, or a status
kept from the check: `if [[ $jest_status -ne 0 ]]; then …`).
"""

from __future__ import annotations

import itertools
import re

from auditor.shell.commands import NO_EFFECT_BUILTINS
from auditor.shell.model import ShellScript
from auditor.shell.parse import (
    Node,
    backgrounded,
    clause_conditions,
    descendants,
    enclosing_loop,
    field_of,
    within,
)
from auditor.shell.status import OTHER_BRANCHES, next_statement

_STATUS = r'"?\$\{?NAME\}?"?'
_PASSED = r"\s*(?:-eq|==?)\s*\"?0\b"  # `[ $? -eq 0 ]`
_FAILED = r"\s*(?:-ne|!=|-gt)\s*\"?0\b"  # `[[ $status -ne 0 ]]`
_HELD = re.compile(r'^([A-Za-z_]\w*)="?\$\{?\?\}?"?$')  # `status=$?`


def verified_in_loop(script: ShellScript, statement: Node) -> bool:
    """Whether a check of what the run was to do, in the loop around it and before
    another agent run, leaves the loop once it passes (see the module text)."""
    loop = enclosing_loop(statement)
    if backgrounded(statement) or loop is None:
        return False
    held = _held_statuses(script, loop)
    if _fixes_failed_check(script, statement, loop, held):
        return True
    previous, current = statement, next_statement(statement)
    while current is not None:
        if _runs_agent(script, current):
            return False  # the next run: what follows judges that one
        if _passed_leaves(script, current, previous, held):
            return True
        previous, current = current, next_statement(current)
    # the head of the next turn, up to the run (past runs a failed check's branch makes)
    body = loop.child_by_field_name("body")
    statements = [c for c in body.named_children if c.type != "comment"] if body else []
    for index, current in enumerate(statements):
        if within(statement, current):
            return False
        if _runs_agent(script, current) and current.type != "if_statement":
            return False  # another run every turn: the check after it judges that one
        if index and _passed_leaves(script, current, statements[index - 1], held):
            return True
    return False


def _runs_agent(script: ShellScript, node: Node) -> bool:
    runs = (n for n in (node, *descendants(node)) if n.type == "command")
    return any(script.agent_of(c) for n in runs if (c := script.command_at(n)) is not None)


def _passed_leaves(script: ShellScript, current: Node, previous: Node, held: set[str]) -> bool:
    """Whether `current` is an `if` that leaves the loop when a check passed: the status of
    the check right before it, of one whose status a variable keeps, or its own
    condition's."""
    if current.type != "if_statement" or not _leaves(script, current):
        return False
    condition = [c for c in current.named_children if field_of(c) == "condition"]
    text = " ".join(script.parsed.node_text(c) for c in condition)
    checked = _tests(text, ["\\?"], _PASSED) and _checks(script, previous)
    kept = _tests(text, sorted(held), _PASSED)
    ran = bool(condition) and all(_checks(script, c) for c in condition)
    return checked or kept or ran


def _fixes_failed_check(script: ShellScript, statement: Node, loop: Node, held: set[str]) -> bool:
    """Whether the run sits in the branch an `if` of the loop's body takes when a check
    fails: `if ! CHECK`, or a test of a status kept from one (`[[ $status -ne 0 ]]`)."""
    holder = statement.parent
    while holder is not None and holder.id != loop.id:
        conditions = clause_conditions(holder) if holder.type == "if_statement" else []
        if conditions and not any(within(statement, c) for c in conditions):
            negated = [c for c in conditions if c.type == "negated_command"]
            checked = [n for c in negated for n in c.named_children if _checks(script, n)]
            text = " ".join(script.parsed.node_text(c) for c in conditions)
            failed = _tests(text, sorted(held), _FAILED)
            branches = [c for c in holder.named_children if c.type in OTHER_BRANCHES]
            if (checked or failed) and not any(within(statement, b) for b in branches):
                return True
        holder = holder.parent
    return False


def _held_statuses(script: ShellScript, loop: Node) -> set[str]:
    """The variables the loop's body keeps a check's status in (`run_check pnpm test;
    jest_status=$?`, `out=$(npm test 2>&1) || status=$?`)."""
    body = loop.child_by_field_name("body")
    statements = [c for c in body.named_children if c.type != "comment"] if body else []
    held: set[str] = set()
    for before, statement in itertools.pairwise(statements):
        kept = _HELD.match(script.parsed.node_text(statement))
        if statement.type == "variable_assignment" and kept and _checks(script, before):
            held.add(kept.group(1))
    for statement in statements:  # `out=$(npm test 2>&1) || status=$?`, `make || rc=$?`
        parts = statement.named_children if statement.type == "list" else []
        operators = [c.type for c in statement.children if not c.is_named]
        kept = _HELD.match(script.parsed.node_text(parts[-1])) if len(parts) == 2 else None
        if kept and operators == ["||"] and _checks(script, _checked_part(parts[0])):
            held.add(kept.group(1))
    return held


def _checked_part(node: Node) -> Node:
    """The command a statement runs for its status: itself, or the one command a capture
    it assigns runs (`out=$(npm test 2>&1)`)."""
    value = node.child_by_field_name("value") if node.type == "variable_assignment" else None
    if value is None or value.type != "command_substitution":
        return node
    inner = [c for c in value.named_children if c.type != "comment"]
    return inner[0] if len(inner) == 1 else node


def _tests(text: str, names: list[str], compared: str) -> bool:
    return any(re.search(_STATUS.replace("NAME", name) + compared, text) for name in names)


def _checks(script: ShellScript, node: Node) -> bool:
    """Whether a statement runs a command that can check work: not a test of a file or a
    value (`test`, `[`), nor a builtin that cannot fail (`echo`, `sleep`)."""
    if node.type == "redirected_statement":  # `pnpm test > test.log 2>&1`
        node = node.child_by_field_name("body") or node
    command = script.command_at(node) if node.type == "command" else None
    name = command.command_name if command is not None else None
    return name is not None and name not in NO_EFFECT_BUILTINS and name not in ("test", "[")


def _leaves(script: ShellScript, branch: Node) -> bool:
    """Whether an `if`'s first branch leaves its loop: `break`, or `exit 0`/`return 0`."""
    taken = [c for c in branch.named_children if c.type not in OTHER_BRANCHES]
    for child in taken:
        if field_of(child) == "condition":
            continue
        for node in descendants(child):
            command = script.command_at(node) if node.type == "command" else None
            name = command.command_name if command is not None else None
            if name == "break":
                return True
            if command is not None and name in ("exit", "return") and command.status_code == 0:
                return True
    return False
