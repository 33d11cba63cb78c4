"""What a shell function's own return codes say of its agent run: whether they report it
(`return 0` after a success, a failure after a failure), whether it acts on a failure
before it returns one, whether its last `return 1` is its own verdict, and the codes it
returns only after the run succeeded: verdicts on what the run did (`return 1` when a
review asks for another repair round), not the run's failure.

A function that tests the run's status and leaves on a failure (`if (( rc != 0 )); then
return 2; fi`) runs what follows only after a success: a literal failure code returned
there, and nowhere else, says nothing of how the run ended. A loop that goes round on it
runs new work on a successful run's verdict; it does not re-run a failed one. Nor does
one that goes round on a code returned where the run does not happen at all (another arm
of the `case` that runs it).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from auditor.shell.commands import SimpleCommand
from auditor.shell.parse import Node, ShellText, other_branch, within

# `$rc -ne 0`, `"$?" != 0`, `rc != 0` in `(( ))`, `-gt 0`: a test that the run failed
_FAILED = r"(?:\$\{?NAME\}?\"?|\bNAME\b)\s*(?:-ne|!=|-gt|>)\s*0\b"
_HELD = re.compile(r"\b([A-Za-z_]\w*)=\$\{?(?:\?|PIPESTATUS)")  # `rc=$?`, `rc=${PIPESTATUS[0]}`
_LEAVING = frozenset({"return", "exit"})


def success_verdicts(
    body: Node, run: SimpleCommand, inside: Sequence[SimpleCommand], parsed: ShellText
) -> frozenset[int]:
    """The literal failure codes a function's body returns only where its `run` succeeded
    (after a test of the run's status that leaves the function on a failure) or did not
    happen (another arm of the `case` or `if` that runs it: `2) return 2 ;;` for a menu's
    "back")."""
    names = ["\\?", *sorted(set(_HELD.findall(parsed.node_text(body))))]
    failed = re.compile("|".join(_FAILED.replace("NAME", name) for name in names))
    after: set[int] = set()
    elsewhere: set[int] = set()
    for command in inside:
        code = command.status_code
        if command.command_name != "return" or not code:
            continue
        if other_branch(command.node, run.node):
            after.add(code)  # where the run does not happen (another `case` arm): no failure
            continue
        if command.node.start_byte < run.node.end_byte:
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


def ends_failing(
    body: Node | None, agent: SimpleCommand, inside: Sequence[SimpleCommand], parsed: ShellText
) -> bool:
    """Whether a function's body ends with `return N` (N a literal other than 0) and its
    `return 0`s after the run are under no test of the run's status (`if echo "$out" |
    grep -q DONE; then return 0; fi; …; return 1`): its failure code is its own verdict,
    which a successful run may get too."""
    statements = [c for c in body.named_children if c.type != "comment"] if body else []
    last = statements[-1] if statements else None
    command = next((c for c in inside if last is not None and c.node.id == last.id), None)
    if command is None or command.command_name != "return" or body is None:
        return False
    if command.status_code in (None, 0):
        return False
    held = set(_HELD.findall(parsed.node_text(body)))  # `rc=$?`, `rc=${PIPESTATUS[0]}`
    successes = [
        c
        for c in inside
        if c.command_name == "return"
        and c.status_code == 0
        and c.node.start_byte > agent.node.start_byte
    ]
    return not any(_under_status_test(c.node, agent, body, held, parsed) for c in successes)


def fails_on_status(
    agent: SimpleCommand, inside: Sequence[SimpleCommand], body: Node, parsed: ShellText
) -> bool:
    """Whether the function returns a failure of its own under a test of the run's status
    (`agent || return 1`, `if (( rc != 0 )); then return 1; fi` after `… || rc=$?`), not
    only after another command failed (`cp … || return 1`)."""
    held = set(_HELD.findall(parsed.node_text(body)))
    return any(
        c.command_name == "return"
        and c.status_code
        and c.node.start_byte > agent.node.start_byte
        and _under_status_test(c.node, agent, body, held, parsed)
        for c in inside
    )


# A name a test reads: `$rc`, `${rc}`, `rc` in `(( ))`, `$?`, `${PIPESTATUS[0]}`
_STATUS_WORD = re.compile(r"(?<=\$)\?|(?<=\$\{)\?|\b[A-Za-z_]\w*\b")


def _under_status_test(
    node: Node, agent: SimpleCommand, body: Node, held: set[str], parsed: ShellText
) -> bool:
    """Whether a statement of a function's body runs under a test of the run's status:
    the run itself as a condition or `&&` operand, or an `if`, `elif` or `case` on `$?`,
    `PIPESTATUS` or a variable that holds it (`[ $rc -eq 0 ]`, `(( rc == 0 ))`)."""
    words = {"?", "PIPESTATUS", *held}
    current = node
    while current.parent is not None and current.id != body.id:
        parent = current.parent
        if parent.type in ("if_statement", "elif_clause"):
            tested = parent.children_by_field_name("condition")
        elif parent.type == "case_statement":
            tested = parent.children_by_field_name("value")
        elif parent.type == "list":  # `agent && return 0`: the operands before it
            tested = [c for c in parent.named_children if c.end_byte <= current.start_byte]
        else:
            tested = []
        for condition in tested:
            read = set(_STATUS_WORD.findall(parsed.node_text(condition)))
            if within(agent.node, condition) or read & words:
                return True
        current = parent
    return False


def reports_status(
    agent: SimpleCommand, inside: Sequence[SimpleCommand], falls_off: bool = False
) -> bool:
    """Whether the function's status reports how the agent's run went in codes of its
    own: after the agent runs, it can `return 0` and can return a failure (`return 0`
    when the agent succeeded, `return 1` once it and its retries failed). `falls_off`:
    its body can end after the run on a command that always succeeds (`echo done`), a
    `return 0` of its own."""
    codes = {
        command.status_code
        for command in inside
        if command.command_name == "return"
        and command.node.start_byte > agent.node.start_byte
        and command.status_code is not None
    }
    return (falls_off or 0 in codes) and any(code for code in codes)


# Commands that do nothing about a failure (or leave), and those that only tell of it.
_SILENT = frozenset({"return", "true", ":", "local", "sleep"})
_JUMPS = frozenset({"exit", "break", "continue"})  # what leaves with a status, acting on none
_TELLING = frozenset({"echo", "printf", "logger"})
_LOGGING = re.compile(r"^(?:log|warn|error|info|msg|print)[\w-]*$|[\w-]+_(?:log|warn|error|info)$")


def acts_before_failing(
    agent: SimpleCommand,
    inside: Sequence[SimpleCommand],
    parsed: ShellText,
    *,
    telling: bool = False,
) -> bool:
    """Whether every `return N` (N not 0) after the agent's run follows, in its branch,
    something that acts on the failure: a command other than one that tells of it (a
    cleanup, a handler, a counter's assignment); with `telling`, one that tells of it
    (`echo`, a log function) counts too."""
    failing = [
        c
        for c in inside
        if c.command_name == "return"
        and c.node.start_byte > agent.node.start_byte
        and c.status_code
    ]
    after = agent.node.end_byte
    return bool(failing) and all(_acted_before(c.node, after, parsed, telling) for c in failing)


def acts_on_returned_status(
    agent: SimpleCommand,
    inside: Sequence[SimpleCommand],
    parsed: ShellText,
    *,
    telling: bool = False,
) -> bool:
    """Whether a function that returns the status it holds (`return $rc`) acts on a
    failure of it first: an `if` before the `return`, after the agent's run, tests that
    variable and a branch of it acts (records it: `set_task_status "$t" failed`, cleans
    up), or, with `telling`, tells of it (`log_warn "exited with $rc"`). A caller that
    then drops the status loses nothing the function did not deal with."""
    returns = [
        c
        for c in inside
        if c.command_name == "return"
        and c.node.start_byte > agent.node.start_byte
        and len(c.word_nodes) > 1
        and c.word_nodes[1] is not None
    ]
    if not returns:
        return False
    for command in returns:
        word = command.word_nodes[1]
        named = _RETURNED.fullmatch(parsed.node_text(word)) if word is not None else None
        if named is None or not _tested_before(
            command.node, named.group(1), agent, parsed, telling
        ):
            return False
    return True


_RETURNED = re.compile(r'"?\$\{?([A-Za-z_]\w*)\}?"?')  # `$rc`, `"${exit_code}"`


def _tested_before(
    node: Node, name: str, agent: SimpleCommand, parsed: ShellText, telling: bool
) -> bool:
    """Whether, in `node`'s block and after the agent's run, an `if` before it tests the
    variable `name` for a failure or a success and acts in the arm a failure takes."""
    statement = node
    while statement.parent is not None and statement.parent.type == "redirected_statement":
        statement = statement.parent
    failed = re.compile(_FAILED.replace("NAME", re.escape(name)))
    succeeded = re.compile(_SUCCEEDED.replace("NAME", re.escape(name)))
    sibling = statement.prev_named_sibling
    while sibling is not None and sibling.start_byte > agent.node.end_byte:
        if sibling.type == "if_statement":
            conditions = sibling.children_by_field_name("condition")
            test = " ".join(parsed.node_text(c) for c in conditions)
            tests = {c.id for c in conditions}
            arms = [c for c in sibling.named_children if c.id not in tests]
            if failed.search(test):  # `if [[ $rc -ne 0 ]]`: its `then` arm
                arm = [c for c in arms if c.type not in ("elif_clause", "else_clause")]
            elif succeeded.search(test):  # `if [[ $rc -eq 0 ]]`: its `else` arm
                arm = [c for c in arms if c.type in ("elif_clause", "else_clause")]
            else:
                arm = []
            if any(_acts_in_branch(b, parsed, telling) for b in arm):
                return True
        sibling = sibling.prev_named_sibling
    return False


_SUCCEEDED = r"(?:\$\{?NAME\}?\"?|\bNAME\b)\s*(?:-eq|==|=)\s*0\b"


def _acts_in_branch(branch: Node, parsed: ShellText, telling: bool) -> bool:
    """Whether an arm of an `if` runs a command (not in a `$(…)` it prints) that acts on
    the failure (a record, a cleanup; an assignment too), or with `telling`, one that
    tells of it."""
    stack = [branch]
    while stack:
        node = stack.pop()
        if node.type == "command_substitution":
            continue  # (`echo "failed at $(date)"` runs `date` for the message)
        stack.extend(node.named_children)
        if node.type == "variable_assignment" and not telling:
            return True
        if node.type != "command":
            continue
        name = node.child_by_field_name("name")
        word = parsed.node_text(name) if name is not None else ""
        if word in _SILENT or word in _JUMPS:
            continue  # (leaving with it, `exit "$rc"`, passes it on: no act on it)
        says = word in _TELLING or _LOGGING.match(word) is not None
        if says == telling:
            return True
    return False


def _acted_before(node: Node, after: int, parsed: ShellText, telling: bool) -> bool:
    """Whether a statement after offset `after` (the agent's run) and before `node` acts:
    one before it in its block, or in a block around it on the way up to the function's
    body (`failed=$((failed + 1))`, then `if [ "$stop" = y ]; then return 1; fi`); not one
    of another branch of an `if` (before its `else`)."""
    statement = node
    while True:
        while statement.parent is not None and statement.parent.type == "redirected_statement":
            statement = statement.parent
        block = statement.parent
        if block is None or block.type == "function_definition":
            return False
        other_branch = block.type == "if_statement" and statement.type in _LATER_BRANCHES
        if not other_branch and _acts_in(block, statement, after, parsed, telling):
            return True
        statement = block


_LATER_BRANCHES = ("elif_clause", "else_clause")


def _acts_in(block: Node, statement: Node, after: int, parsed: ShellText, telling: bool) -> bool:
    """Whether a statement of `block` before `statement`, and after offset `after`, acts:
    a command other than one that tells of it (a cleanup, a handler, a counter's
    assignment), or with `telling`, one that tells of it."""
    tests = {c.id for c in block.children_by_field_name("condition")}  # `if`'s, `while`'s
    for sibling in block.named_children:
        if sibling.start_byte >= statement.start_byte:
            break
        if sibling.id in tests:
            continue
        if sibling.start_byte < after:
            continue  # before the agent's run, or holding it
        inner = sibling.named_children[0] if sibling.type == "redirected_statement" else sibling
        if inner.type in ("comment", "declaration_command"):
            continue
        if inner.type == "command":
            name = inner.child_by_field_name("name")
            word = parsed.node_text(name) if name is not None else ""
            if word in _SILENT:
                continue
            if not telling and (word in _TELLING or _LOGGING.match(word)):
                continue
        return True
    return False
