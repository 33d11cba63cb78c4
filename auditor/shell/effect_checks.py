"""Checks of what an agent run left behind: an `if` that probes for a file or a program,
or reads what changed in its git work tree, and ends the script (or its function) with a
failure when the work is not done (`if [ ! -f "$OUT" ]; then exit 1; fi`, `if git diff
--name-only --diff-filter=U | grep -q .; then return 1; fi`), or records the failure in a
variable a later test reads (`else failed+=("$branch")`).

A run followed by such a check is judged by its effect (SPEC, RA203), whether the
check follows it or is the body of a function called after it, from this file or a
sourced one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from auditor.shell.commands import SimpleCommand
from auditor.shell.parse import Node, descendants, within
from auditor.shell.status import field_of

# What checks what a run left behind: a file it wrote, a program it installed, what it
# changed in the git work tree it ran in.
_FILE_TESTS = frozenset({"-e", "-f", "-s", "-d", "-r", "-w", "-x", "-L", "-h"})
_LOOKUPS = frozenset({"command", "which", "type", "hash"})
# what changed in the work tree (not its history: `git log` tells nothing of a run)
_GIT_INSPECTIONS = frozenset({"diff", "status", "ls-files", "diff-index"})
_GIT_VALUED = frozenset({"-C", "-c", "--git-dir", "--work-tree", "--namespace"})  # take a value
_EXITING = frozenset({"exit"})
_LEAVING = frozenset({"exit", "return"})
# what records a failure in a variable: an assignment, an arithmetic update
_RECORDS = frozenset({"variable_assignment", "postfix_expression", "unary_expression"})

CommandAt = Callable[[Node], SimpleCommand | None]
# the variables the script tests, and where (`reads.tested_names`)
Tested = Callable[[], Mapping[str, tuple[Node, ...]]]


def checks_effect(
    statement: Node, command_at: CommandAt, tested: Tested, *, returning: bool = False
) -> bool:
    """Whether an `if` probes what a run left behind and, in one of its branches, ends the
    script (or, where `returning`, its function: every caller reads its status) with a
    failure, or records the failure in a variable the script tests outside this `if`
    (`failed+=("$b")`, then `[[ ${#failed[@]} -gt 0 ]]`); not `exit 0`, not a branch that
    only says so."""
    if statement.type != "if_statement":
        return False
    condition = [c for c in statement.named_children if field_of(c) == "condition"]
    if not any(_probes(n, command_at) for c in condition for n in descendants(c)):
        return False
    branches = [
        n for c in statement.named_children if field_of(c) != "condition" for n in descendants(c)
    ]
    ends = _LEAVING if returning else _EXITING
    if any(_failing_end(command_at(n), ends) for n in branches if n.type == "command"):
        return True
    records = [name for n in branches if n.type in _RECORDS and (name := _recorded(n))]
    tests = tested()
    return any(not within(t, statement) for name in records for t in tests.get(name, ()))


def _recorded(node: Node) -> str | None:
    """The variable a record of a failure sets: an append (`failed+=("$b")`), a flag
    (`failed=1`, `ok=false`) or an arithmetic update (`((errors++))`); not a value read
    from elsewhere (`msg=$(…)`)."""
    if node.type == "variable_assignment":
        target, value = node.child_by_field_name("name"), node.child_by_field_name("value")
        appended = any(c.type == "+=" for c in node.children)
        flag = value is not None and value.type in ("number", "word")
        if not (appended or flag):
            return None
    else:
        target = next((c for c in node.named_children if c.type == "variable_name"), None)
    return (target.text or b"").decode("utf-8", "replace") if target is not None else None


def _probes(node: Node, command_at: CommandAt) -> bool:
    """Whether a node looks for what a run may have left: a file test (`[ -s out.md ]`,
    `test -f "$OUT"`), a program lookup (`command -v jq`) or a read of the git work
    tree's changes (`git status --porcelain`); a comparison of values (`[[ $i -ge $MAX
    ]]`) looks at nothing a run left."""
    if node.type == "unary_expression":
        operator = next((c for c in node.children if c.type == "test_operator"), None)
        return operator is not None and (operator.text or b"").decode() in _FILE_TESTS
    command = command_at(node) if node.type == "command" else None
    if command is None:
        return False
    if command.command_name == "test":
        return any((w.text or b"").decode() in _FILE_TESTS for w in node.named_children)
    if command.command_name == "git":
        return _git_subcommand(command.argv[command.program_index + 1 :]) in _GIT_INSPECTIONS
    return command.command_name in _LOOKUPS


def _git_subcommand(words: tuple[str | None, ...]) -> str | None:
    """The subcommand of a git command's words, past git's own options (`-C DIR`)."""
    index = 0
    while index < len(words) and (words[index] or "").startswith("-"):
        index += 2 if words[index] in _GIT_VALUED else 1
    return words[index] if index < len(words) else None


def body_checks_effect(definition: Node, command_at: CommandAt, tested: Tested) -> bool:
    """Whether a function's body holds such a check among its own statements."""
    body = definition.child_by_field_name("body")
    statements = body.named_children if body is not None else []
    return any(checks_effect(s, command_at, tested) for s in statements)


def _failing_end(command: SimpleCommand | None, ends: frozenset[str]) -> bool:
    """Whether one of `ends` (`exit`, `return`) ends the script or its function with a
    non-zero literal status (`exit 1`, `return 2`)."""
    return (
        command is not None
        and command.command_name in ends
        and command.literal_code not in (None, 0)
    )
