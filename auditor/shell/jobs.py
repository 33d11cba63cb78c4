"""Background jobs: which `wait` commands wait for an `agent &`, and which carry its status.

`agent & pid=$!` saves the job's pid (also `pids+=($!)`); `wait "$pid"` waits
for it and returns its status, so under errexit a failing job ends the script
at the `wait`. `wait $!` waits for the job started last. A coprocess (`coproc NAME { …; }`) is a job
whose pid bash keeps in `NAME_PID` (`COPROC_PID` without a name). A bare `wait` (or
`wait -n`) waits for every job but returns its own status (0 for a bare
`wait`), not the agent's. A `wait` of another job's pid does not wait for this
one; a `wait` of a pid the model cannot place (`wait "$1"`, `wait %1`) counts
as waiting for it. A job is its shell's: one started in a subshell (`( … )`,
`$( … )`, a stage of a pipeline: `find … | while read f; do agent "$f" & done`)
is waited for only by a `wait` in that subshell, never by one outside it.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Sequence
from typing import NamedTuple, Protocol

from auditor.shell.commands import SimpleCommand
from auditor.shell.functions import enclosing_function
from auditor.shell.parse import (
    LOOPS,
    Node,
    ShellText,
    always_after,
    backgrounded,
    enclosing_definition,
    loop_words,
    other_arms,
)
from auditor.shell.status import (
    StatusContext,
    StatusUse,
    ends_on_failure,
    is_last_statement,
    status_holder,
    status_use,
)
from auditor.shell.waiting_functions import argument_index, waiting_functions

_LAST_JOB = re.compile(r"\$\{?!\}?")
_VARIABLE = re.compile(r"\$\{?([A-Za-z_]\w*)(\[[^]]*\])?\}?")
_ELEMENTS = re.compile(r"\$\{!?([A-Za-z_]\w*)\[[@*]\]\}")
_VALUE_OPTIONS = frozenset({"-p"})  # `wait -p VAR`: the option takes a word


class Wait(NamedTuple):
    """A `wait` that waits for a background job."""

    command: SimpleCommand
    carries: bool  # it returns the job's status (`wait "$pid"`, `wait $!`)
    # a bare `wait` (no operand, no `-n`), which returns 0 whatever the jobs did: the only
    # kind of wait for the job
    bare: bool = False
    # a wait that names the job before another (`wait "$a" "$b"` returns b's status): the
    # only kind of wait for the job
    passed: bool = False


def _text(node: Node) -> str:
    return (node.text or b"").decode("utf-8", errors="replace")


def _last_before(jobs: Sequence[Node], offset: int) -> Node | None:
    started = [job for job in jobs if job.end_byte <= offset]
    return started[-1] if started else None


@functools.lru_cache(maxsize=2)  # one script's table, asked for each of its jobs
def _job_table(parsed: ShellText) -> tuple[list[Node], dict[str, list[tuple[int, Node]]]]:
    """The script's background jobs in source order, and who holds each one's pid."""
    nodes = parsed.nodes()  # the script's node list, made once for every analysis
    jobs = [node for node in nodes if node.is_named and backgrounded(node)]
    jobs.sort(key=lambda node: node.start_byte)
    return jobs, _pid_owners(nodes, jobs)


def _pid_owners(nodes: Sequence[Node], jobs: Sequence[Node]) -> dict[str, list[tuple[int, Node]]]:
    """Each variable assigned `$!`, with where and the jobs whose pid it may hold: every job
    started since the previous `$!` read that no later one always follows (the last one
    started may be either arm of an `if`, `if t; then timeout 60 agent & else agent & fi;
    pid=$!`, or one before an `if` that may start another)."""
    owners: dict[str, list[tuple[int, Node]]] = {}
    since = -1
    starts = [job.start_byte for job in jobs]
    loops = []
    for node in nodes:
        if node.type == "for_statement":
            loops.append(node)
        if node.type != "variable_assignment":
            continue
        name, value = node.child_by_field_name("name"), node.child_by_field_name("value")
        index = name.child_by_field_name("index") if name is not None else None
        # `pid=$!`, `pids[$i]=$!`, or the pid as an associative array's key: `jobs[$!]=x`.
        keyed = index is not None and _LAST_JOB.search(_text(index)) is not None
        if name is None or not (keyed or (value is not None and _LAST_JOB.search(_text(value)))):
            continue
        if name.type == "subscript":
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
            if not any(always_after(job, later) for later in started[index + 1 :])
        ]
        for job in maybe_last or ([last] if last is not None else []):
            owners.setdefault(_text(name), []).append((node.start_byte, job))
        since = node.start_byte
    _copied(nodes, owners)
    for job in jobs:
        coproc = coproc_name(job)
        if coproc is not None:  # bash keeps a coprocess's pid in NAME_PID
            owners.setdefault(f"{coproc}_PID", []).append((job.start_byte, job))
    for loop in loops:  # `for pid in "${pids[@]}"`: pid holds each of them
        array = _array_walked(loop)
        variable = loop.child_by_field_name("variable")
        if array in owners and variable is not None:
            jobs_of = {job.id: job for _, job in owners[array]}
            owners.setdefault(_text(variable), []).extend(
                (loop.start_byte, job) for job in jobs_of.values()
            )
    for saved in owners.values():
        saved.sort(key=lambda item: item[0])
    return owners


def _copied(nodes: Sequence[Node], owners: dict[str, list[tuple[int, Node]]]) -> None:
    """Copies of pids: a variable given another's value (`active_pids+=("$pid")`, then
    `pid="${active_pids[$i]}"` in the loop that polls them) may hold the jobs that one
    may hold, where the copy is made; to a fixed point (a poll loop reads the array
    before the launch that fills it), a bounded number of rounds."""
    copies = []
    for node in nodes:
        if node.type != "variable_assignment":
            continue
        name, value = node.child_by_field_name("name"), node.child_by_field_name("value")
        if name is None or value is None:
            continue
        if name.type == "subscript":
            name = name.child_by_field_name("name") or name
        copy = _COPY.fullmatch(_text(value))
        if copy is not None and copy.group(1) != _text(name):
            copies.append((node.start_byte, _text(name), copy.group(1)))
    for _ in range(_COPY_ROUNDS):
        changed = False
        for at, target, source in copies:
            held = owners.get(source, [])
            if not held:
                continue  # a copy of a value that holds no pid: its target stays unplaced
            saved = owners.setdefault(target, [])
            known = {(position, job.id) for position, job in saved}
            for _, job in held:
                if (at, job.id) not in known:
                    saved.append((at, job))
                    known.add((at, job.id))
                    changed = True
        if not changed:
            break


# A value that is another variable's, or an element of it: `$pid`, `("$pid")`, `${pids[$i]}`.
_COPY = re.compile(r'\(?"?\$\{?([A-Za-z_]\w*)(?:\[[^]]*\])?\}?"?\)?')
_COPY_ROUNDS = 3


def _array_walked(loop: Node) -> str | None:
    """NAME when a `for` loop walks `"${NAME[@]}"` or its keys, `"${!NAME[@]}"`."""
    values = [c for c in loop_words(loop) if c.is_named]
    if len(values) != 1:
        return None
    match = _ELEMENTS.fullmatch(_text(values[0]).strip('"'))
    return match.group(1) if match else None


def coproc_name(job: Node) -> str | None:
    """The NAME of a coprocess (`COPROC` by default) when the background statement `job`
    is one: the parser mends `coproc NAME { …; }` into `coproc NAME;{ …; }&`."""
    keyword = job.prev_named_sibling
    name = keyword.child_by_field_name("name") if keyword is not None else None
    if keyword is None or name is None or keyword.type != "command" or _text(name) != "coproc":
        return None
    words = keyword.named_children[1:]
    return _text(words[0]) if words else "COPROC"


def _rerun_from(job: Node) -> int:
    """Where the waits that may run after a job start: right after it, or, in a loop, at
    the start of the outermost loop around it (a wait above it runs in the next round)."""
    after = job.end_byte
    node = job.parent
    while node is not None:
        if node.type in LOOPS:
            after = node.start_byte
        elif node.type == "function_definition":
            break
        node = node.parent
    return after


def _operands(command: SimpleCommand, argument: int | None = None) -> list[str]:
    """The pid words of a `wait` as written, options left out; of a call of a function
    that waits for its `argument`-th argument (`waiting_functions`), that word."""
    if argument is not None:
        node = command.word_nodes[argument] if argument < len(command.word_nodes) else None
        return [_text(node).strip('"')] if node is not None else ["?"]
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


class _WaitTable(NamedTuple):
    """Every `wait` of a script, indexed by the jobs it may wait for (built once)."""

    carried: dict[int, list[SimpleCommand]]  # job id -> waits that return its status
    last_job: dict[int, list[SimpleCommand]]  # job id -> `wait $!` of it (as last job)
    any_job: list[int]  # starts of waits for every job (bare, or a pid not placed)
    bare: list[int]  # starts of bare waits (no operand, no `-n`): they return 0
    # array -> starts of waits on its items (`wait "${pids[@]}"`): any job saved in it
    by_array: dict[str, list[int]]
    passed: dict[int, list[SimpleCommand]]  # job id -> waits naming it before another job
    first_saved: dict[int, list[tuple[str, int]]]  # job id -> (variable, first save)
    waits: list[SimpleCommand]  # every `wait`, in the order it runs
    starts: list[int]  # where each of `waits` runs (`_run_at`)
    at: dict[int, int]  # wait node id -> where it runs


def _element_jobs(key: str, saved: Sequence[tuple[int, Node]]) -> list[Node]:
    """The jobs one element of a pid array may hold: the N-th save's for a literal index
    where the saves are apart (`pids+=($!)` after each job), else any saved so far (`wait
    "${pids[$i]}"` in a loop over the array waits for each in turn)."""
    places = sorted({at for at, _ in saved})
    if key.isdigit() and len(places) == len(saved):
        number = int(key)
        return [saved[number][1]] if number < len(saved) else []
    return list({job.id: job for _, job in saved}.values())


def _operand_jobs(
    operand: str, at: int, jobs: Sequence[Node], owners: dict[str, list[tuple[int, Node]]]
) -> tuple[str, list[Node]]:
    """What a `wait` operand names: (`!`, the last job), (VAR, the jobs whose pid it may
    hold: the one saved last, and those saved in the other arms of the `if` or `case`
    that saves it: `if …; then a & pid=$!; else b & pid=$!; fi`), (`*VAR` for an array,
    its last job), (VAR, the jobs one element may hold: `"${pids[$i]}"`), or (``, []) for
    a pid the model cannot place; as the `wait` runs at `at`."""
    if _LAST_JOB.fullmatch(operand):
        last_job = _last_before(jobs, at)
        return "!", [last_job] if last_job is not None else []
    match = _VARIABLE.fullmatch(operand)
    if match is None or match.group(1) not in owners:
        return "", []
    saved = owners[match.group(1)]
    index = bisect.bisect_left([saved_at for saved_at, _ in saved], at)
    subscript = match.group(2)
    prefix = "*" if subscript in ("[@]", "[*]") else ""
    if not index:
        return prefix + match.group(1), []
    if subscript is not None and not prefix:  # one element: `"${pids[1]}"`, `"${pids[$i]}"`
        return match.group(1), _element_jobs(subscript[1:-1], saved[:index])
    last_at, last = saved[index - 1]
    found = [last]
    for saved_at, job in reversed(saved[: index - 1]):
        if saved_at != last_at and not other_arms(job, last):
            break  # saved before the last one on every way: overwritten
        found.append(job)  # (saved by the same `$!` read: any of them may be the one)
    return prefix + match.group(1), found


_SUBSHELLS = frozenset({"subshell", "command_substitution", "process_substitution"})


def _shell_of(node: Node) -> int:
    """The id of the shell process `node` runs in: the innermost subshell around it (a
    stage of a pipeline of two or more is one), or the script's own (its root)."""
    current = node
    while current.parent is not None:
        parent = current.parent
        if parent.type in _SUBSHELLS:
            return parent.id
        if (
            parent.type == "pipeline"
            and sum(c.type != "comment" for c in parent.named_children) > 1
        ):
            return current.id
        current = parent
    return current.id


def _wait_table(
    parsed: ShellText, commands: Sequence[SimpleCommand], shell: int
) -> tuple[list[Node], _WaitTable]:
    """The table of the waits that run in shell `shell` (see `_shell_of`)."""
    jobs, owners = _job_table(parsed)
    key = (parsed.root.id, id(commands), len(commands), shell)
    known = _TABLES.get(key)
    if known is not None:
        return jobs, known
    waiting = waiting_functions(parsed, commands)  # `wait_for "$pid"`: a `wait` too
    held = [
        c
        for c in commands
        if (c.command_name == "wait" or c.command_name in waiting) and _shell_of(c.node) == shell
    ]
    arguments: dict[tuple[int, str], int | None] = {}  # `_bound`'s, per function
    runs = _run_at(held, commands, parsed, frozenset(waiting), jobs, shell)
    at = {wait: start for wait, (start, _) in runs.items()}
    waits = sorted(held, key=lambda c: at[c.node.id])
    table = _WaitTable({}, {}, [], [], {}, {}, {}, waits, [at[c.node.id] for c in waits], at)
    for name, saved in owners.items():
        for saved_at, holder in saved:
            table.first_saved.setdefault(holder.id, []).append((name, saved_at))
    for command in waits:
        operands = _operands(command, waiting.get(command.command_name or ""))
        start, call = runs[command.node.id]
        if call is not None:  # `finish() { local pid=$1; wait "$pid"; }`: the call's word
            operands = [_bound(o, command, call, parsed, arguments) for o in operands]
        # `wait -n a b` returns the status of whichever ends first: any of them
        if not operands or ("-n" in command.argv[1:] and len(operands) > 1):
            table.any_job.append(start)
            if "-n" not in command.argv[1:]:
                table.bare.append(start)
            continue
        named = [_operand_jobs(o, start, jobs, owners) for o in operands]
        for kind, named_jobs in named[:-1]:
            for job in named_jobs if kind != "" and not kind.startswith("*") else []:
                table.passed.setdefault(job.id, []).append(command)
        for kind, named_jobs in named:
            if kind == "":
                table.any_job.append(start)
            elif kind == "!":
                for job in named_jobs:
                    table.last_job.setdefault(job.id, []).append(command)
            elif kind.startswith("*"):
                table.by_array.setdefault(kind[1:], []).append(start)
        kind, carried = named[-1]  # `wait a b` returns b's status
        if not kind.startswith("*") and kind != "":
            for job in carried:
                table.carried.setdefault(job.id, []).append(command)
    table.any_job.sort()
    for starts in table.by_array.values():
        starts.sort()
    if len(_TABLES) > _KEPT_TABLES:  # one script's tables at a time, asked for each job
        _TABLES.clear()
    _TABLES[key] = table
    return jobs, table


def _run_at(
    waits: Sequence[SimpleCommand],
    commands: Sequence[SimpleCommand],
    parsed: ShellText,
    waiting: frozenset[str],
    jobs: Sequence[Node],
    shell: int,
) -> dict[int, tuple[int, SimpleCommand | None]]:
    """Where each `wait` runs: where it stands, or, in a function, at the last call of that
    function after it (functions are defined first and called later: `finish() { wait
    "$PID"; }` above `agent & PID=$!; finish`). A function that waits for the pid it is
    given (`waiting`) is a `wait` at each call already, and one that starts jobs of its
    own waits for those: their waits stay where they stand. Only calls in the shell
    `shell` count (a subshell cannot wait for its parent's jobs). Each `wait` with the
    call it runs at, if it was moved there."""
    starting = {enclosing_function(job, parsed) for job in jobs}
    owners = {wait.node.id: enclosing_function(wait.node, parsed) for wait in waits}
    moved = {name for name in owners.values() if name} - starting - waiting
    last: dict[str, SimpleCommand] = {}  # each such function's last call in `shell`
    for command in commands:
        name = command.command_name
        if name in moved and _shell_of(command.node) == shell:
            last[name] = max(command, last.get(name, command), key=lambda c: c.node.start_byte)
    runs: dict[int, tuple[int, SimpleCommand | None]] = {}
    for wait in waits:
        start = wait.node.start_byte
        call = last.get(owners[wait.node.id] or "")
        later = call is not None and call.node.start_byte > start
        runs[wait.node.id] = (call.node.start_byte, call) if later and call else (start, None)
    return runs


def _bound(
    operand: str,
    wait: SimpleCommand,
    call: SimpleCommand,
    parsed: ShellText,
    arguments: dict[tuple[int, str], int | None],
) -> str:
    """A `wait` operand of a function as the call binds it: the call's word when the
    operand is one of the function's arguments (`$1`, or `local pid="$1"`); `arguments`
    keeps each function's answer per operand."""
    function = enclosing_definition(wait.node)
    if function is None:
        return operand
    key = (function.id, operand)
    if key not in arguments:
        arguments[key] = argument_index(operand, function, parsed)
    index = arguments[key]
    if index is None:
        return operand
    word = call.word_nodes[index] if index < len(call.word_nodes) else None
    return _text(word).strip('"') if word is not None else "?"


_TABLES: dict[tuple[int, int, int, int], _WaitTable] = {}
_KEPT_TABLES = 16  # the script's shells: its own and a few subshells that start jobs


def waits_for(statement: Node, commands: Sequence[SimpleCommand], parsed: ShellText) -> list[Wait]:
    """The `wait` commands after the background statement `statement` (of `parsed`) that
    return its status, then (if any) the first that only waits for it: what callers ask is
    which waits carry the job's status, and whether anything waits for it at all."""
    _, table = _wait_table(parsed, commands, _shell_of(statement))
    after = _rerun_from(statement)
    found = [
        Wait(c, True) for c in table.carried.get(statement.id, []) if table.at[c.node.id] >= after
    ]
    carrying = {wait.command.node.id for wait in found}
    others = [
        c
        for c in table.last_job.get(statement.id, [])
        if table.at[c.node.id] >= after and c.node.id not in carrying
    ]
    passed = [c for c in table.passed.get(statement.id, []) if table.at[c.node.id] >= after]
    passing = {table.at[c.node.id] for c in passed}
    # waits that may return its status, or not: `wait -n`, a pid not placed, an array
    uncertain = any(table.at[c.node.id] not in passing for c in others)
    index = bisect.bisect_left(table.any_job, after)
    bare = bisect.bisect_left(table.bare, after)
    # a wait of every job that is not bare: `wait -n`, or a pid not placed
    uncertain = uncertain or len(table.any_job) - index > len(table.bare) - bare
    for name, saved_at in table.first_saved.get(statement.id, []):
        # a plain variable's wait carries the job, names it before another, or waits
        # for the job saved in it since; an array's may return any of its jobs' status
        starts = table.by_array.get(name, [])
        uncertain = uncertain or bisect.bisect_right(starts, max(saved_at, after - 1)) < len(starts)
    first = bisect.bisect_left(table.starts, after)
    if not found and uncertain and first < len(table.waits):
        found.append(Wait(table.waits[first], False))  # stands for the waits that do not carry
    elif not found and passed:
        found.append(Wait(passed[0], False, passed=True))
    elif not found and bare < len(table.bare):
        at = bisect.bisect_left(table.starts, table.bare[bare])
        found.append(Wait(table.waits[at], False, bare=True))
    return found


def pid_variables(
    statement: Node, commands: Sequence[SimpleCommand], parsed: ShellText
) -> set[str]:
    """The variables that hold the pid of the background statement `statement` (`pid=$!`,
    `pids+=($!)`)."""
    _, table = _wait_table(parsed, commands, _shell_of(statement))
    return {name for name, _ in table.first_saved.get(statement.id, [])}


class JobContext(StatusContext, Protocol):
    """The script around a background job: its commands and their options."""

    @property
    def commands(self) -> Sequence[SimpleCommand]: ...

    @property
    def parsed(self) -> ShellText: ...


def waited_use(statement: Node, script: JobContext) -> StatusUse | None:
    """Why the status of the background statement `statement` is used: a `wait` returns it
    (`wait "$pid"`, `wait $!`) where that `wait`'s own status is used."""
    for wait in waits_for(statement, script.commands, script.parsed):
        node = wait.command.node  # (`wait "$pid" 2>/dev/null`: the statement around it)
        use = status_use(node, script.options_at(node), script) if wait.carries else None
        if use is not None:
            return StatusUse(f"`wait` returns it where {use.reason}", use.via)
    return None


def failing_wait_ends(statement: Node, script: JobContext) -> bool:
    """Whether errexit ends the script at every `wait` that returns the failure of the
    background statement `statement` (`wait "$pid"` outside any condition, under `set -e`):
    the failure gets no further than that `wait`. The statement may be the last stage of
    the job's pipeline, or end the subshell that is the job (`(cd d && agent) &`)."""
    while not backgrounded(statement) and statement.parent is not None:
        parent = statement.parent
        last = parent.named_children[-1].id == statement.id
        if parent.type == "redirected_statement" or (parent.type == "pipeline" and last):
            statement = parent
        else:
            break
    statement = statement if backgrounded(statement) else job_ending_with(statement) or statement
    if not backgrounded(statement):
        return False
    found = waits_for(statement, script.commands, script.parsed)
    carrying = [status_holder(wait.command.node) for wait in found if wait.carries]
    return bool(carrying) and all(ends_on_failure(w, script.options_at(w)) for w in carrying)


def job_ending_with(statement: Node) -> Node | None:
    """The background subshell whose status is the run's, the run ending it (`(cd d &&
    agent …) &`); None when the run ends none."""
    node = statement
    while (parent := node.parent) is not None:
        if parent.type == "list" and parent.named_children[-1].id == node.id:
            node = parent
        elif parent.type == "redirected_statement" and parent.named_children[0].id == node.id:
            if node.type == "subshell" and backgrounded(parent):
                return parent  # `(agent … || true) > out &`
            node = parent  # `(cd d && agent … > log) &` reads as a redirected list
        elif parent.type == "subshell" and is_last_statement(node):
            if backgrounded(parent):
                return parent
            node = parent
        else:
            return None
    return None
