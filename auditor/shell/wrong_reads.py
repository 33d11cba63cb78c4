"""Status reads that cannot hold an agent's status, though the script means it to
(RA203 reports them at the read, as ShellCheck's SC2319).

`if ! agent; then rc=$?` reads the status of `!` (always 0); a `$?` in the failure branch
after a command that always succeeds reads that command's; `$?` after the `fi` of `if
agent; then … fi` with no `else` is the `if`'s (0 when no branch ran); `$?` after `agent ||
true` is the list's (always 0). Each gives the read, why it cannot hold the status, and a
hint; `auditor.shell.agent_flow` records them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from auditor.agent_status import AgentCall
from auditor.finding import shortened
from auditor.shell.commands import NO_EFFECT_BUILTINS, SimpleCommand
from auditor.shell.jobs import job_ending_with, waits_for
from auditor.shell.model import ShellScript
from auditor.shell.parse import Node, backgrounded, descendants
from auditor.shell.status import (
    ALL_INDICES,
    assignments_before_status_read,
    branch_ends,
    in_condition,
    next_statement,
    pipestatus_index,
    pipestatus_indices,
    reads_exit_status,
)


class WrongRead(NamedTuple):
    """A read of `$?` (or `PIPESTATUS`) that cannot hold the agent's status."""

    read: Node  # the expansion read (the finding goes there)
    how: str  # why, for the message
    hint: str
    # the finding goes to the run instead, where the fix is (a job ending `agent … ||
    # true` whose `wait` is read later: the `|| true` is the defect, not the read)
    at_run: bool = False


# commands that show a status read in their words
_SHOWERS = frozenset({"echo", "printf"})


def _text(node: Node) -> str:
    return (node.text or b"").decode("utf-8", errors="replace")


def failure_branch_read(
    script: ShellScript,
    call: AgentCall,
    statement: Node,
    stages: Sequence[str] = (),
    stage: int | None = None,
) -> WrongRead | None:
    """A `$?` read in the branch that runs when the agent failed, where `$?` cannot be
    the agent's status: first in `if ! agent; then` (the status of `!`, always 0), or
    after a command that always succeeds (`else kill "$pid" || true; rc=$?`). Either
    way the status the branch reads is not the agent's: it is lost. (In a masked
    pipeline it would not be the agent's even with pipefail: a defect of its own.) So is
    a first read of `PIPESTATUS` there at the index of another stage of the agent's
    pipeline (`stages`, the agent at `stage`): `if ! printf … | codex …; then
    rc=${PIPESTATUS[0]}` reads `printf`'s, pipefail or not."""
    negated, branch = _failure_branch(statement)
    opening = first_read(branch[0]) if branch else None
    wrong = _other_stage_read(opening, call, stages, stage, "in the failure branch")
    if wrong is not None:
        return wrong
    reads = [(i, r) for i, s in enumerate(branch) if (r := first_read(s)) and _reads_status(r)]
    if not reads:
        return None
    first, read = reads[0]
    label = call.label
    if first == 0 and negated:
        how = "inside `if ! …; then`, `$?` is the status of the negation, always 0"
        hint = f"capture it with `{label} … || rc=$?`, or use `if {label} …; then … else rc=$?`"
    elif first > 0 and always_succeeds(branch[first - 1], script):
        before = shortened(_text(branch[first - 1]))
        how = f"the failure branch reads `$?` after `{before}`, whose status is always 0"
        hint = f"read `$?` first in the branch, or capture it with `{label} … || rc=$?`"
    elif first > 0 and _shown(branch[first], branch[first - 1], script):
        before = shortened(_text(branch[first - 1]))
        how = f"the failure branch shows `$?` after `{before}`, which is that command's status"
        hint = f"read `$?` first in the branch, or capture it with `{label} … || rc=$?`"
    else:
        return None
    return WrongRead(read, how, hint)


def _shown(statement: Node, before: Node, script: ShellScript) -> bool:
    """Whether a statement shows the status it reads as the run's (`echo "failed (exit
    code: $?)"`), though the command `before` it ran since: not a message that names that
    command or what it works on (`echo "restore of notes.md exited $?"`), not after
    another agent run (a fallback's status is its own to show), and not a test, an
    assignment or a `return $?`/`exit $?`, which may mean the command before (`git stash;
    stashed=$?`, `printf -v rc %d $?`, `npm update -g codex; return $?` after a failed
    upgrade)."""
    while statement.type == "redirected_statement" and statement.named_children:
        statement = statement.named_children[0]
    command = script.command_at(statement) if statement.type == "command" else None
    if command is None or command.command_name not in _SHOWERS or "-v" in command.argv[1:2]:
        return False
    if _runs_agent(before, script):
        return False
    # what names that command: its own name, or a path it works on
    words = [word.strip("'\"") for word in _text(before).split()]
    named = words[:1] + [w for w in words[1:] if "." in w.strip(".") or "/" in w]
    shown = _text(statement)
    return not any(len(w) > 2 and "$" not in w and w in shown for w in named)


def _runs_agent(statement: Node, script: ShellScript) -> bool:
    """Whether a statement runs an agent, itself or through a function of the script."""
    start, end = statement.start_byte, statement.end_byte
    return any(
        start <= c.node.start_byte and c.node.end_byte <= end and script.agent_of(c) is not None
        for c in script.commands
    )


def read_after_if(call: AgentCall, statement: Node) -> WrongRead | None:
    """A `$?` read right after the `fi` of an `if` with no `else` whose condition is
    the agent (`if timeout 60 gemini …; then return 0; fi; rc=$?`): `$?` is the `if`'s
    status, 0 when no branch ran, never the agent's failure."""
    holder = _condition_of(statement)
    if holder is None or any(c.type in ("elif_clause", "else_clause") for c in holder.children):
        return None
    skipped = assignments_before_status_read(holder)  # `fi; KIND=other; return $?`
    following = next_statement(skipped[-1] if skipped else holder)
    read = first_read(following) if skipped is not None and following is not None else None
    if skipped is None or read is None:
        return None
    label = call.label
    how = f"`$?` after the `fi` of `if {label} …; then … fi` is the `if`'s status"
    how += " (0 when no branch ran)"
    if skipped:
        last = shortened(_text(skipped[-1]), 32)
        how = f"`$?` after `{last}`, which follows the `fi` of `if {label} …; then … fi`,"
        how += " is the assignment's status, always 0"
    hint = f"capture it with `{label} … || rc=$?` before the test, or read it in an `else` branch"
    return WrongRead(read, how, hint)


def read_after_assignments(
    script: ShellScript, call: AgentCall, statement: Node
) -> WrongRead | None:
    """A `$?` read after plain assignments that follow the run (`wait "$pid"; pid="";
    return $?`): each set `$?` to 0, so the read is the last assignment's status. Not
    after a job started in the background (its `$?` is never the agent's, and a `wait`
    reads that), nor under errexit (a failed run ends the script before the read)."""
    parent = statement.parent
    if parent is None or parent.type in ("list", "pipeline", "negated_command"):
        return None
    if backgrounded(statement) or (
        script.options_at(statement).errexit and not in_condition(statement)
    ):
        return None
    skipped = assignments_before_status_read(statement)
    following = next_statement(skipped[-1]) if skipped else None
    read = first_read(following) if following is not None else None
    if not skipped or read is None or not _reads_status(read):
        return None
    last = shortened(_text(skipped[-1]), 32)
    redirected = statement.type == "redirected_statement" and statement.named_children
    inner = statement.named_children[0] if redirected else statement
    command = script.command_at(inner) if inner.type == "command" else None
    waited = command is not None and command.command_name == "wait"  # (the run's proxy)
    run = shortened(_text(inner), 24) if waited else f"{call.label} …"
    how = f"`$?` after `{last}`, which follows `{run}`, is the assignment's status, always 0"
    hint = f"capture it right after the run (`{call.label} …; rc=$?`), then assign"
    return WrongRead(read, how, hint)


def read_after_test(call: AgentCall, statement: Node) -> WrongRead | None:
    """A `$?` read first in the `else` branch of the `if` right after the run whose
    condition tests `$?` (`if [ $? -eq 0 ] || [ $? -eq 143 ]; then … else rc=$?`): it is
    the status of the condition's last test, never the agent's."""
    following = next_statement(statement)
    if following is None or following.type != "if_statement":
        return None
    conditions = [c for c in following.children_by_field_name("condition") if c.is_named]
    if not any((read := first_read(c)) is not None and _reads_status(read) for c in conditions):
        return None
    other = next((c for c in following.named_children if c.type == "else_clause"), None)
    first = next((c for c in other.named_children if c.type != "comment"), None) if other else None
    read = first_read(first) if first is not None else None
    if read is None or not _reads_status(read):
        return None
    test = shortened(" ".join(_text(c) for c in conditions), 32)
    how = f"`$?` in the `else` branch of `if {test}` is the status of that test, never"
    how += f" `{call.label}`'s"
    hint = f"capture it first with `{call.label} … || rc=$?`, then test `$rc`"
    return WrongRead(read, how, hint)


def read_after_discard(
    script: ShellScript, call: AgentCall, command: SimpleCommand, statement: Node, stage: int | None
) -> WrongRead | None:
    """A status read right after `agent … || true` (or `wait "$pid" || true`), or
    after the `fi` of the branch that ends with it: `$?` is the status of the list,
    always 0, and so is `PIPESTATUS` (unless it holds a masked stage's own), though
    the script means the agent's. The status is lost whatever the script does with
    the output: it meant to decide on it."""
    holder = _discarding_list(script, statement)
    if holder is None:
        return None
    # the first thing the next statement does (after the `fi` of the branch it ends)
    level = next(
        (n for n in branch_ends(holder) if reads_exit_status(n) or pipestatus_indices(n)),
        None,
    )
    following = next_statement(level) if level is not None else None
    read = first_read(following) if following is not None else None
    if level is None or read is None:
        return None
    text, after_branch = _read_shown(level), level is not holder
    if text != "$?" and stage is not None:
        return None  # a masked stage's own `PIPESTATUS` entry: the pipeline ran whole
    label = call.label
    last = holder.named_children[-1] if holder.named_children else holder
    waited = command.command_name == "wait"  # `wait "$pid" || true`
    first = shortened(_text(statement), 24) if waited else f"{label} …"
    shown = f"{first} || {shortened(_text(last), 20)}"
    how = (
        f"`{text}`, read after the branch that ends with `{shown}`, is always 0"
        if after_branch
        else f"`{text}` after `{shown}` is always 0"
    )
    # the agent's own `|| true` is the defect, where the fix goes: reported at the run
    # (a read after a `fi` may stand for several runs, and after `wait … || true` the
    # fix is the `wait`'s: those stay at the read)
    at_run = not waited and not after_branch
    return WrongRead(read, how, f"capture it with `{label} … || rc=$?`", at_run=at_run)


def read_after_discarded_job(
    script: ShellScript, call: AgentCall, statement: Node
) -> WrongRead | None:
    """A `$?` read right after the `wait` that returns the status of a background job
    ending with `agent … || true` (`(timeout 600 agent … || true) > out & pid=$!`, later
    `wait "$pid"; rc=$?`): the job's status is the list's, always 0, so the read never
    sees the agent fail, though the script means to decide on it."""
    holder = _discarding_list(script, statement)
    job = job_ending_with(holder) if holder is not None else None
    if holder is None or job is None:
        return None
    for wait in waits_for(job, script.commands, script.parsed):
        following = next_statement(wait.command.node) if wait.carries else None
        read = first_read(following) if following is not None else None
        if read is None or not _reads_status(read):
            continue
        last = holder.named_children[-1] if holder.named_children else holder
        shown = f"{call.label} … || {shortened(_text(last), 20)}"
        waited = shortened(_text(wait.command.node), 32)
        how = f"`$?` after `{waited}` is the job's status, always 0: the job ends with `{shown}`"
        hint = f"end the job with `{call.label} …` and read its status"
        return WrongRead(read, how, hint, at_run=True)
    return None


def _discarding_list(script: ShellScript, statement: Node) -> Node | None:
    """The list `statement || true` (or another command that always succeeds) that
    discards its status, if `statement` is the left side of one."""
    holder = statement.parent
    if holder is None or holder.type != "list" or statement.next_sibling is None:
        return None
    if statement.next_sibling.type != "||" or not always_succeeds(holder, script):
        return None
    return holder


def _condition_of(statement: Node) -> Node | None:
    """The `if` statement whose (last) condition `statement` is, also negated or
    redirected (`if ! agent > log; then`)."""
    node = statement
    while node.parent is not None and node.parent.type in (
        "redirected_statement",
        "negated_command",
    ):
        node = node.parent
    return _if_holding(node)


def _if_holding(node: Node) -> Node | None:
    """The `if` statement whose last condition is `node`, if any."""
    holder = node.parent
    if holder is None or holder.type != "if_statement":
        return None
    conditions = [
        c
        for i, c in enumerate(holder.children)
        if c.is_named and holder.field_name_for_child(i) == "condition"
    ]
    return holder if conditions[-1:] == [node] else None


def _failure_branch(statement: Node) -> tuple[bool, list[Node]]:
    """Whether `statement` is negated as an `if` condition, and the statements of the branch
    that runs when it fails: `then` of `if ! agent`, `else` of `if agent` (none with `elif`)."""
    node, negated = statement, False
    inner = node  # `! echo "$p" | agent 2>&1`: the redirect holds the whole pipeline
    while inner.type == "redirected_statement" and inner.named_children:
        inner = inner.named_children[0]
    if inner.type == "pipeline" and inner.named_children:
        first = inner.named_children[0]  # the grammar binds `! a | b`'s `!` to the first stage
        while first.type == "redirected_statement" and first.named_children:
            first = first.named_children[0]
        negated = first.type == "negated_command"
    # `if ! agent > log; then`: the redirect holds the `!`; `! agent | tee`: the first stage;
    # `if ! out=$(cd d && agent); then`: the assignment's status is the run's
    while node.parent is not None and (
        node.parent.type in ("redirected_statement", "negated_command")
        or (node.parent.type == "pipeline" and node.parent.named_children[0] == node)
        or _status_of_whole(node)
    ):
        negated = negated != (node.parent.type == "negated_command")
        node = node.parent
    holder = _if_holding(node)
    if holder is None:
        return negated, []
    if negated:
        return negated, _then_statements(holder)
    clauses = [c for c in holder.named_children if c.type in ("elif_clause", "else_clause")]
    if len(clauses) != 1 or clauses[0].type != "else_clause":
        return negated, []
    return negated, [
        c for c in clauses[0].named_children if c.type not in ("comment", "heredoc_body")
    ]


def _status_of_whole(node: Node) -> bool:
    """Whether the status of `node`'s parent is `node`'s: the last command of a `&&`
    list, the whole of a `$(…)`, or the one `$(…)` a plain assignment gives its name
    (`out=$(agent)`; not `local out=$(…)`, whose status is `local`'s)."""
    parent = node.parent
    assert parent is not None
    if parent.type == "list":
        operators = [c.type for c in parent.children if not c.is_named]
        return operators == ["&&"] and parent.named_children[-1] == node
    if parent.type == "command_substitution":
        return [c for c in parent.named_children if c.type != "comment"] == [node]
    if parent.type == "variable_assignment":
        return parent.child_by_field_name("value") == node and node.type == "command_substitution"
    return False


def always_succeeds(node: Node, script: ShellScript) -> bool:
    """Whether a statement's status is always 0: a builtin that cannot fail, a plain
    assignment, `… || true`, or a group or `if` all of whose ends are such."""
    kind = node.type
    if kind == "redirected_statement":
        body = node.child_by_field_name("body")
        return body is not None and always_succeeds(body, script)
    if kind in ("variable_assignment", "variable_assignments"):
        return not any(n.type == "command_substitution" for n in descendants(node))
    if kind == "command":
        command = script.command_at(node)
        return command is not None and command.command_name in NO_EFFECT_BUILTINS
    if kind == "list":
        last = node.named_children[-1] if node.named_children else None
        operator = last.prev_sibling if last is not None else None
        return (
            last is not None
            and operator is not None
            and operator.type == "||"
            and always_succeeds(last, script)
        )
    if kind in ("compound_statement", "subshell"):
        inner = [c for c in node.named_children if c.type != "comment"]
        return bool(inner) and always_succeeds(inner[-1], script)
    if kind == "if_statement":
        # No branch taken: 0. A branch taken: its last statement's status.
        ends = [_then_statements(node)]
        for clause in node.named_children:
            if clause.type == "elif_clause":
                ends.append(_then_statements(clause))
            elif clause.type == "else_clause":
                ends.append([c for c in clause.named_children if c.type != "comment"])
        return all(not end or always_succeeds(end[-1], script) for end in ends)
    return False


def _then_statements(node: Node) -> list[Node]:
    then = next((c for c in node.children if c.type == "then"), None)
    if then is None:
        return []
    return [
        c
        for c in node.named_children
        if c.start_byte > then.start_byte
        and c.type not in ("elif_clause", "else_clause", "comment")
    ]


def _read_shown(node: Node) -> str:
    """How the statement after `node` reads the status, for messages: `$?`, or the
    `PIPESTATUS` entry it reads first."""
    if reads_exit_status(node):
        return "$?"
    indices = pipestatus_indices(node) or set()
    index = "@" if ALL_INDICES in indices else str(min(indices, default=0))
    return f"${{PIPESTATUS[{index}]}}"


def read_of_other_stage(
    call: AgentCall, statement: Node, stages: Sequence[str], stage: int | None
) -> WrongRead | None:
    """The statement right after the agent's pipeline, in the same list, reads `PIPESTATUS`
    first at another stage's index (`printf … | codex …; rc=${PIPESTATUS[0]}`: `printf`'s
    status). Called where RA101 says nothing: the agent is the last stage, after stages
    that cannot meaningfully fail (any other wrong index is RA101's)."""
    following = statement.next_named_sibling
    while following is not None and following.type == "comment":
        following = following.next_named_sibling
    read = first_read(following) if following is not None else None
    return _other_stage_read(read, call, stages, stage, "after it")


def _other_stage_read(
    read: Node | None, call: AgentCall, stages: Sequence[str], stage: int | None, where: str
) -> WrongRead | None:
    """A read of `${PIPESTATUS[i]}` (`where` the script reads it) at the index of another
    stage than the agent's."""
    other = _other_stage(read, stages, stage)
    if read is None or other is None:
        return None
    label = call.label
    how = f"`${{PIPESTATUS[{other}]}}` {where} is `{stages[other]}`'s status, not `{label}`'s"
    hint = f"read `${{PIPESTATUS[{stage}]}}`, or capture it with `{label} … || rc=$?`"
    return WrongRead(read, how, hint)


def _other_stage(read: Node | None, stages: Sequence[str], stage: int | None) -> int | None:
    """The literal index a `${PIPESTATUS[i]}` read takes when it is another stage's than
    the agent's (`stage`) in a pipeline of `stages`."""
    if read is None or stage is None or len(stages) < 2:
        return None
    names = [n for n in descendants(read) if n.type == "variable_name" and _text(n) == "PIPESTATUS"]
    number = pipestatus_index(names[0]) if names else ALL_INDICES
    return number if number != stage and 0 <= number < len(stages) else None


def first_read(node: Node) -> Node | None:
    """The first `$?` (`${?}`) or `PIPESTATUS` expansion in a statement."""
    for child in descendants(node):
        if child.type in ("simple_expansion", "expansion") and (
            _reads_status(child) or "PIPESTATUS" in _text(child)
        ):
            return child
    return None


def _reads_status(expansion: Node) -> bool:
    """Whether an expansion reads `$?`, written `$?` or `${?}`."""
    return any(
        c.type == "special_variable_name" and _text(c) == "?" for c in expansion.named_children
    )
