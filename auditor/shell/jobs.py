"""Background jobs: which `wait` commands wait for an `agent &`, and which carry its status.

`agent & pid=$!` saves the job's pid (also `pids+=($!)`); `wait "$pid"` waits
for it and returns its status, so under errexit a failing job ends the script
at the `wait`. `wait $!` waits for the job started last. A bare `wait` (or
`wait -n`) waits for every job but returns its own status (0 for a bare
`wait`), not the agent's. A `wait` of another job's pid does not wait for this
one; a `wait` of a pid the model cannot place (`wait "$1"`, `wait %1`) counts
as waiting for it.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Sequence
from typing import NamedTuple

from auditor.shell.commands import SimpleCommand
from auditor.shell.parse import Node, descendants
from auditor.shell.status import backgrounded

_LAST_JOB = re.compile(r"\$\{?!\}?")
_VARIABLE = re.compile(r"\$\{?([A-Za-z_]\w*)(\[[@*]\])?")
_VALUE_OPTIONS = frozenset({"-p"})  # `wait -p VAR`: the option takes a word


class Wait(NamedTuple):
    """A `wait` that waits for a background job."""

    command: SimpleCommand
    carries: bool  # it returns the job's status (`wait "$pid"`, `wait $!`)


def _text(node: Node) -> str:
    return (node.text or b"").decode("utf-8", errors="replace")


def _root(node: Node) -> Node:
    while node.parent is not None:
        node = node.parent
    return node


def _last_before(jobs: Sequence[Node], offset: int) -> Node | None:
    started = [job for job in jobs if job.end_byte <= offset]
    return started[-1] if started else None


@functools.lru_cache(maxsize=2)  # one script's table, asked for each of its jobs
def _job_table(root: Node) -> tuple[list[Node], dict[str, list[tuple[int, Node]]]]:
    """The script's background jobs in source order, and who holds each one's pid."""
    jobs = [node for node in descendants(root) if node.is_named and backgrounded(node)]
    jobs.sort(key=lambda node: node.start_byte)
    return jobs, _pid_owners(root, jobs)


def _pid_owners(root: Node, jobs: Sequence[Node]) -> dict[str, list[tuple[int, Node]]]:
    """Each variable assigned `$!`, with where and the jobs whose pid it may hold: every job
    started since the previous `$!` read, since the last one started may be either arm
    of an `if` (`if t; then timeout 60 agent & else agent & fi; pid=$!`)."""
    owners: dict[str, list[tuple[int, Node]]] = {}
    since = -1
    starts = [job.start_byte for job in jobs]
    for node in descendants(root):
        if node.type != "variable_assignment":
            continue
        name, value = node.child_by_field_name("name"), node.child_by_field_name("value")
        if name is None or value is None or not _LAST_JOB.search(_text(value)):
            continue
        if name.type == "subscript":  # `pids[$i]=$!`
            name = name.child_by_field_name("name") or name
        # Only the jobs started since the previous `$!` read (sorted: a slice, not a scan).
        window = jobs[
            bisect.bisect_right(starts, since) : bisect.bisect_left(starts, node.start_byte)
        ]
        started = [j for j in window if j.end_byte <= node.start_byte]
        last = _last_before(jobs, node.start_byte)
        # A job may be the last started unless a later one always runs after it.
        maybe_last = [
            job
            for index, job in enumerate(started)
            if all(_alternatives(job, later) for later in started[index + 1 :])
        ]
        for job in maybe_last or ([last] if last is not None else []):
            owners.setdefault(_text(name), []).append((node.start_byte, job))
        since = node.start_byte
    return owners


_BRANCHING = frozenset({"if_statement", "case_statement"})


def _alternatives(first: Node, second: Node) -> bool:
    """Whether two statements sit in different arms of one `if` or `case`."""
    above_first: dict[int, Node] = {}  # ancestor id -> the child of it on first's path
    child = first
    while child.parent is not None:
        above_first[child.parent.id] = child
        child = child.parent
    child = second
    while child.parent is not None:
        parent = child.parent
        mine = above_first.get(parent.id)
        if mine is not None:
            return parent.type in _BRANCHING and _arm(mine) != _arm(child)
        child = parent
    return False


def _arm(child: Node) -> int:
    """Which arm of an `if`/`case` a child is in: its `elif`/`else`/case item, or the
    `then` part (whose statements are children of the `if` itself)."""
    return child.id if child.type in ("elif_clause", "else_clause", "case_item") else -1


def _operands(command: SimpleCommand) -> list[str]:
    """The pid words of a `wait` as written, options left out."""
    operands: list[str] = []
    skip = False
    for node in command.word_nodes[1:]:
        text = _text(node).strip('"') if node is not None else "?"
        if skip:
            skip = False
        elif text in _VALUE_OPTIONS:
            skip = True
        elif not (text.startswith("-") and len(text) > 1):
            operands.append(text)
    return operands


def _waits(
    operand: str,
    job: Node,
    wait: Node,
    jobs: Sequence[Node],
    owners: dict[str, list[tuple[int, Node]]],
) -> tuple[bool, bool]:
    """Whether a `wait` operand waits for `job`, and whether it returns `job`'s status."""
    if _LAST_JOB.fullmatch(operand):
        last = _last_before(jobs, wait.start_byte)
        return last is not None and last.id == job.id, True
    match = _VARIABLE.fullmatch(operand)
    if match is None or match.group(1) not in owners:
        return True, False  # a pid the model cannot place
    saved = [owner for at, owner in owners[match.group(1)] if at < wait.start_byte]
    mine = any(owner.id == job.id for owner in saved)
    single = match.group(2) is None
    return mine, mine and single and saved[-1].id == job.id


def waits_for(statement: Node, commands: Sequence[SimpleCommand]) -> list[Wait]:
    """The `wait` commands after the background statement `statement` that wait for it."""
    jobs, owners = _job_table(_root(statement))
    found: list[Wait] = []
    for command in commands:
        if command.command_name != "wait" or command.node.start_byte < statement.end_byte:
            continue
        operands = _operands(command)
        if not operands:
            found.append(Wait(command, False))
            continue
        results = [_waits(o, statement, command.node, jobs, owners) for o in operands]
        if any(waited for waited, _ in results):
            found.append(Wait(command, results[-1][1]))  # `wait a b` returns b's status
    return found
