"""Agent statuses a shell script throws away, and how (RA203's facts).

A status is lost when nothing decides on it (see `status_use`), unless the
script judges the run by its output instead: a captured tmux pane, or a log,
`tee` file or captured text that it examines afterwards (`grep`, `jq`, a test,
a `case`), in a `set +e … set -e` window or not. In a loop the same test
applies: a run whose status nothing reads and whose output is only displayed
or appended to a log is lost, since a permanent failure then spins the loop.
When the agent is a stage of
a pipeline without pipefail, the pipeline returns another stage's status, and
the message and hint say so. A run the script then stops after, waiting for a
person at the terminal (`claude …; read` in a tmux pane), is watched by that person.
"""

from __future__ import annotations

import bisect
import re
import weakref
from typing import NamedTuple

from auditor.agent_status import AgentCall, LostStatus, MaskedStage
from auditor.exit_codes import ExitCodes
from auditor.shell.check_loops import verified_in_loop
from auditor.shell.command_strings import script_own_status
from auditor.shell.commands import MESSAGE_COMMANDS, NO_EFFECT_BUILTINS, SimpleCommand
from auditor.shell.effect_checks import (
    RanBefore,
    checks_effect,
    runs_project_tests,
    settles_on_effect,
    status_of_probe_read,
    tests_end_script,
)
from auditor.shell.examined import file_test_operand, only_shows
from auditor.shell.fallback_marks import fallback_grep, fallback_text
from auditor.shell.jobs import job_ending_with, pid_variables, waits_for
from auditor.shell.later import host_after
from auditor.shell.model import ShellScript
from auditor.shell.output import agent_output, judged_by_output, statement_of
from auditor.shell.output_words import EXISTENCE_TESTS, calls_of, reads_in
from auditor.shell.parse import (
    Node,
    backgrounded,
    descendants,
    enclosing_definition,
    enclosing_loop,
    if_clauses,
    within,
)
from auditor.shell.status import (
    branch_pipestatus,
    captured_by,
    discarded_by,
    errexit_subshell,
    in_condition,
    next_statement,
    reads_exit_status,
    status_holder,
    status_use,
    substitution_declaration,
    unread_store,
)
from auditor.shell.written_files import normal_word, text_of


def lost_status(
    script: ShellScript,
    call: AgentCall,
    command: SimpleCommand,
    statement: Node,
    stage: int | None,
) -> LostStatus | None:
    """Why the status of `command` (run by `statement`) is lost, or None if it is not.

    `stage` is the agent's index when `statement` is a pipeline that returns another
    stage's status.
    """
    outside = statement.type == "variable_assignment"  # `X=$(agent)`: the shell's options
    options = script.options_at(statement if outside else command.node)
    own = script_own_status(command)  # what reads it reads `script`'s own 0
    use = status_use(statement, options, script) if not own else None
    # `|| rc=$?`, and nothing reads `rc` (or only after setting it again)
    kept = unread_store(use, script.read_names(), script.value_read)
    if kept is not None and use is not None and use.store is not None:
        kept = None if _callers_unseen(script, use.store, kept) else kept
    # kept in a subshell and tested after it, where the script's own value is read: lost
    # however the run's output is judged
    # (also where the value is read nowhere after it: the subshell says why)
    names = script.read_names().names
    store = use.store if use is not None and (kept is None or kept in names) else None
    inside = _kept_in_subshell(script, store) if store is not None else None
    kept = inside or kept
    # ...and so where `$?` is read right after `local out=$(agent …)`: the script takes
    # the declaration's 0 for the run's status
    stale = inside is not None or _declaration_read(statement)
    if use is not None and kept is None:
        # read; or, in a masked stage, lost only through the pipeline: RA101's; unless
        # what reads it prints a stand-in for the output that the output's test passes
        return _stand_in_passed(script, call, command, statement)
    if (stage is not None or _before_last_stage(command, statement)) and branch_pipestatus(
        statement
    ) is not None:
        return None  # another stage's `PIPESTATUS` is read instead: RA101's finding
    if not stale and (
        script.output_read
        or _judged_by_host_after(script, command)
        or (
            not _unwatched(script, statement)
            and judged_by_output(script, command, _polled_until(script, statement))
        )
    ):
        return None  # judged by its output (a captured pane, a log or text it examines)
    if not stale and _person_watches(script, statement):
        return None  # the script stops for a person who has just seen the run end
    if not stale and (
        _effect_checked(script, statement, command) or verified_in_loop(script, statement)
    ):
        return None  # a check of what the run was to do decides what happens next
    discard = discarded_by(statement)
    # the statement whose status the run's becomes: its own, or under errexit that of the
    # subshell it ends (`( agent …; echo done ) &`)
    carrier = _job_carrying(statement) if options.errexit else job_ending_with(statement)
    carrier = carrier or statement
    waits = waits_for(carrier, script.commands, script.parsed) if backgrounded(carrier) else []
    if waits and not own and not all(w.carries or w.bare or w.passed for w in waits):
        return None  # `wait -n`, or a wait of a pid not placed (a read `wait` is above)
    if not waits and backgrounded(carrier) and _pid_handed_over(script, carrier):
        return None  # its callers, out of sight, may wait for it
    if not waits and backgrounded(carrier) and _pid_shown_at_end(script, carrier):
        return None  # a launcher: whoever ran it holds the pid and watches the job
    job = carrier if backgrounded(carrier) else job_ending_with(statement)
    masked = None
    if stage is not None:
        pipeline = next(p for p in script.pipelines if p.node.id == statement.id)
        masked = MaskedStage(pipeline.stages[-1].label, stage, captured_by(statement))
    how = _how(job if job is not None else carrier, discard, masked)
    if kept is not None and masked is None:
        how = f"it is kept in `{kept}`, which nothing reads"
        if kept in names:  # read elsewhere, not after this run (`value_read`)
            how = f"it is kept in `{kept}`, which nothing reads after this run"
        if stale:
            how = (
                f"it is kept in `{kept}` inside a subshell `( … )`, and the script around "
                "it never sees that value"
            )
    if waits and all(w.bare for w in waits):
        how = "it runs in the background, and the bare `wait` after it returns 0, not its status"
    elif waits and all(w.passed for w in waits):
        how = (
            "it runs in the background, and the `wait` that names it returns the status "
            "of the last job it names, not its own"
        )
    elif waits:
        thrown = next(filter(None, (discarded_by(_statement(w.command.node)) for w in waits)), None)
        how = (
            f"it runs in the background, and `{thrown}` discards the status `wait` returns for it"
            if thrown is not None
            else "it runs in the background, and nothing reads the status `wait` returns for it"
        )
    if own:  # whatever reads it, and however it waits, it reads `script`'s own status
        how = "`script` without `-e` exits with its own status, not the run's"
    start, end = script.parsed.span(command.node)
    # the script's last statement, whose status only its host could read
    at_end = (
        how == "nothing reads it"
        and statement.parent is not None
        and statement.parent.type == "program"
        and script.end_use is None
    )
    background = job is not None
    hint = (
        "add `-e` to `script` so it exits with the run's status, then check that" if own else None
    )
    return LostStatus(start, end, call, how, masked, discard, background, hint=hint, at_end=at_end)


def _stand_in_passed(
    script: ShellScript, call: AgentCall, command: SimpleCommand, statement: Node
) -> LostStatus | None:
    """A run whose failure a capture turns into a text of its own (`$(claude … || echo
    "NOT_FOUND")`) that the only test of the output, after it in its function, passes as
    it passes an answer (`grep -qi "FOUND"`): the failure is lost in that text."""
    if fallback_text(script, command) is None:
        return None  # (no stand-in: the rest is not asked for)
    output = agent_output(script, command)
    if output.fallback is None or judged_by_output(script, command, statement):
        return None
    scope = enclosing_definition(command.node)
    reads = reads_in(script)
    nodes = (
        node
        for name in sorted(output.variables)
        for node in reads.get(("v", name), ())
        if node.start_byte > statement.end_byte and _same_scope(enclosing_definition(node), scope)
    )
    grep = next(filter(None, (fallback_grep(script, n, output.fallback) for n in nodes)), None)
    if grep is None:
        return None
    how = (
        f"on failure `echo` makes its output `{output.fallback}`, which "
        f"`{text_of(grep.node)}` matches as it matches an answer"
    )
    hint = "test the run's status, or match the marker as a whole word (`grep -w`)"
    start, end = script.parsed.span(command.node)
    return LostStatus(start, end, call, how, hint=hint)


def _same_scope(first: Node | None, second: Node | None) -> bool:
    """Whether two functions (None: the script's top level) are the same."""
    return first.id == second.id if first is not None and second is not None else first is second


def kept_by_library(
    script: ShellScript, command: SimpleCommand, statement: Node
) -> LostStatus | None:
    """Why the status of the agent a call of a sourced library's function runs is lost:
    the function leaves it in globals (`run_agent`, "sets EXIT_CODE") and returns
    another, and this script reads none of them, nor may out of its sight, nor judges
    the run by its output. (A function of the script's own is judged at its run.)"""
    name = command.command_name or ""
    summary = script.summaries.get(name)
    if (
        summary is None
        or summary.agent is not None
        or summary.stored is None
        or not summary.stores
        or name in script.functions
    ):
        return None
    read = script.read_names()
    if any(store in read.names for store in summary.stores) or read.out_of_sight(command.node):
        return None
    if judged_by_output(script, command, statement) or _person_watches(script, statement):
        return None
    start, end = script.parsed.span(command.node)
    call = AgentCall(start, end, name, ExitCodes(summary.stored, {}, signals=False))
    return LostStatus(start, end, call, f"it is kept in `{summary.stores[0]}`, which nothing reads")


def _before_last_stage(command: SimpleCommand, statement: Node) -> bool:
    """Whether `command` is a stage of the pipeline `statement` before its last."""
    if statement.type != "pipeline":
        return False
    stages = statement.named_children
    return bool(stages) and not within(command.node, stages[-1])


def _pid_handed_over(script: ShellScript, job: Node) -> bool:
    """Whether a background run's pid is left for the callers of a library function to
    wait for: kept in a variable that is not `local` to the function and that nothing in
    this file reads (`run_ai() { claude … & ai_pid=$!; }`), in a function this file never
    calls itself (the script that sources it does, and reads `$ai_pid` there)."""
    function = enclosing_definition(job)
    name = function.child_by_field_name("name") if function is not None else None
    if function is None or name is None:
        return False
    label = text_of(name)
    if any(command.command_name == label for command in script.commands):
        return False  # called here: its caller is in sight
    read = script.read_names()
    local = read.local.get(function.id, frozenset())
    saved = pid_variables(job, script.commands, script.parsed)
    return any(pid not in read.names and pid not in local for pid in saved)


# What a launcher may do after it starts its agent: tell (also under a test), and end.
_HANDING_OVER = NO_EFFECT_BUILTINS | {"exit", "return", "false", "test", "["}
# A clean-up handler's commands: they remove files (`trap 'rm -f "$PROMPT_FILE"' EXIT`),
# and neither wait for the run, stop it, nor act on what it did.
_CLEAN_UP = re.compile(r"\s*(?:(?:rm|rmdir)\b[^;&|]*(?:(?:;|&&)\s*|$))+")


def _cleans_up(command: SimpleCommand) -> bool:
    """Whether a command sets a handler that only removes files (`trap 'rm -f "$f"' EXIT`)."""
    handler = command.arguments[0] if command.arguments else None
    return (
        command.command_name == "trap"
        and handler is not None
        and bool(_CLEAN_UP.fullmatch(handler))
    )


def _pid_shown_at_end(script: ShellScript, job: Node) -> bool:
    """Whether a script hands a background run over to the person who ran it: outside any
    loop, its pid is shown on the terminal (`echo "PID: $PID"`; not only written to a
    file, which records nothing of how the run ends), and after it the script only
    tells, sets its clean-up and ends (`spawn.sh`: start the agent, print how to follow
    and stop it).
    Assignments (`PID=$!`) are no commands: they may come between."""
    if enclosing_loop(job) is not None:
        return False
    later = [c for c in script.commands if c.node.start_byte >= job.end_byte]
    if any(c.command_name not in _HANDING_OVER and not _cleans_up(c) for c in later):
        return False  # it goes on (`sleep 1800; git commit`): the run's end matters there
    names = "|".join(re.escape(n) for n in pid_variables(job, script.commands, script.parsed))
    held = re.compile(r"\$!" + (rf"|\$\{{?(?:{names})\b" if names else ""))
    return any(
        c.command_name in MESSAGE_COMMANDS
        and statement_of(c.node).type == "command"  # not sent to a file
        and held.search(text_of(c.node))
        for c in later
    )


def _job_carrying(statement: Node) -> Node:
    """Under errexit, the background subshell whose status a failed run becomes: the
    subshells errexit ends with it, outward, up to one run as a job (`( ( agent …; echo )
    ; echo ) &`); else the run's own statement."""
    current = statement
    while not in_condition(current) and (shell := errexit_subshell(current)) is not None:
        if backgrounded(shell):
            return shell
        current = shell
    return statement


_ASIDE = NO_EFFECT_BUILTINS | {"rm", "set"}  # between a run and the check of its effect


def _effect_checked(script: ShellScript, statement: Node, command: SimpleCommand) -> bool:
    """Whether a check after the run tests its effect and ends the script when it is
    missing (`agent "install jq"; if ! command -v jq; then exit 1; fi`), or calls a
    function whose body does (`agent …; finish`, where `finish` tests the report the run
    was to write): the run is judged by what it did. Messages, removed files (a temporary
    prompt), flags, values looked at, and tests that leave when they hold (`if [ -z
    "$(git status --porcelain)" ]; then return 0; fi`) on the way change nothing the run
    did: the check may come after them. A test that a file taking the run's errors too
    (`> log 2>&1`) has text judges nothing: an error is text too."""
    statement = _run_statement(statement)
    following = None if backgrounded(statement) else next_statement(statement)
    first = _first_runs(script)

    def ran_before(check: SimpleCommand) -> bool:
        return first.get(check.argv, statement.start_byte) < statement.start_byte

    merged: frozenset[str] | None = None  # the run's files that take its errors, if asked
    while following is not None:
        tested = [n for n in descendants(following) if file_test_operand(n)]
        if tested and merged is None:
            merged = agent_output(script, command).merged
        if tested and all(normal_word(text_of(n)) in (merged or ()) for n in tested):
            following = next_statement(following)  # `[ -s "$log" ] || exit 1`: no check
            continue
        if _judges(script, statement, following, ran_before):
            return True
        name = _name(script, following)
        aside = name in _ASIDE or name in script.messages or _flag(following)
        probe = status_of_probe_read(following, script.command_at, ran_before)
        if not (aside or probe or _looks(script, following)):
            return False
        following = next_statement(following)
    return False


def _judges(script: ShellScript, statement: Node, following: Node, ran_before: RanBefore) -> bool:
    """Whether `following` judges the run at `statement` by what it did."""
    end = statement.end_byte
    if checks_effect(
        following,
        script.command_at,
        script.tests_of,
        ran_before=ran_before,
        leaving=script.leaving,
        after=end,
    ):
        return True
    if tests_end_script(following, script.command_at):
        return True  # the tests the run was to fix decide how the script ends
    if _settles_loop(script, statement, following):
        return True  # a fix loop: it goes round until the check after the run passes
    if settles_on_effect(following, script.command_at, script.messages, end):
        return True  # what it left decides what is done next (commit it, or abort)
    if _name(script, following) in script.effect_checks:
        return True
    # a check that fails its function instead judges the run where every caller reads
    # the function's status (`resolve || exit 1`, `if resolve; then`, under errexit)
    returning = checks_effect(
        following,
        script.command_at,
        script.tests_of,
        returning=True,
        ran_before=ran_before,
        leaving=script.leaving,
        after=end,
    )
    return returning and _status_read_by_callers(script, statement)


_JUMPS = frozenset({"return", "exit", "break", "continue"})


def _settles_loop(script: ShellScript, statement: Node, following: Node) -> bool:
    """Whether, in the loop the run is in, the `if` after it runs a check as its condition
    (a command, not a test of values: `if make lint; then`) and leaves the loop when it
    passes (`break`, `return 0`, `exit 0`): the loop goes round until what the run did
    passes the check, so the run is judged by that check, not by its own status."""
    loop = enclosing_loop(statement)
    if loop is None or following.type != "if_statement" or not within(following, loop):
        return False
    clauses, _ = if_clauses(following)
    if len(clauses) != 1:
        return False
    conditions, then = clauses[0]
    checks = [c for c in conditions if c.type in ("command", "redirected_statement")]
    if len(checks) != 1 or len(conditions) != 1:
        return False  # (`if ! make lint`, `if [ … ]`, a list: not this shape)
    check = script.command_at(
        checks[0] if checks[0].type == "command" else checks[0].named_children[0]
    )
    if check is None or check.command_name in _JUMPS or script.agent_of(check) is not None:
        return False
    last = script.command_at(then[-1]) if then and then[-1].type == "command" else None
    if last is None or last.command_name not in _JUMPS - {"continue"}:
        return False
    return last.status_code in (None, 0)  # it leaves on the check's success


def _looks(script: ShellScript, statement: Node) -> bool:
    """Whether a statement only looks: a declaration or an assignment (`changed=$(git diff
    --name-only)`), or an `if` with no `else` whose conditions are tests and whose every
    branch ends by leaving (`return`, `exit`, a function that ends the script)."""
    if statement.type in ("declaration_command", "variable_assignment", "variable_assignments"):
        return True
    if statement.type != "if_statement":
        return False
    clauses, rest = if_clauses(statement)
    if not clauses or rest:
        return False
    for conditions, then in clauses:
        if not conditions or any(c.type != "test_command" for c in conditions):
            return False
        last = then[-1] if then else None
        command = script.command_at(last) if last is not None and last.type == "command" else None
        name = command.command_name if command is not None else None
        if name is None or (name not in _JUMPS and name not in script.leaving):
            return False
    return True


_FIRST_RUNS: weakref.WeakKeyDictionary[ShellScript, dict[tuple[str | None, ...], int]] = (
    weakref.WeakKeyDictionary()
)


def _first_runs(script: ShellScript) -> dict[tuple[str | None, ...], int]:
    """Where each distinct command line (its words) first runs in the script."""
    known = _FIRST_RUNS.get(script)
    if known is None:
        known = {}
        for command in script.commands:
            known.setdefault(command.argv, command.node.start_byte)
        _FIRST_RUNS[script] = known
    return known


def _flag(statement: Node) -> bool:
    """Whether a statement sets a variable to a literal word (`CHECKS_PASSED=true`, the
    flag the checks after a run clear on a failure)."""
    value = (
        statement.child_by_field_name("value") if statement.type == "variable_assignment" else None
    )
    return value is not None and value.type in ("word", "number")


def _subshell_of(node: Node | None) -> Node | None:
    """The subshell `( … )` a statement runs in, inside its function or script."""
    current = node.parent if node is not None else None
    while current is not None and current.type not in ("function_definition", "program"):
        if current.type == "subshell":
            return current
        if current.type == "command_substitution":
            return None  # `x=$(…; rc=$?)`: its value is the substitution's output
        current = current.parent
    return None


def _kept_in_subshell(script: ShellScript, store: Node) -> str | None:
    """The variable a status is kept in inside a subshell (`( cd d; agent; rc=$? )`),
    when no read after it inside the subshell decides anything (a message shows it at
    most) and the script tests the name after the subshell: an assignment in a subshell
    never reaches the script around it, so that test reads the script's own value
    (ShellCheck's SC2031)."""
    subshell = _subshell_of(store)
    name = store.child_by_field_name("name")
    if subshell is None or name is None:
        return None
    label = (name.text or b"").decode("utf-8", "replace")
    scope = enclosing_definition(subshell)
    area = scope if scope is not None else script.parsed.root
    reads = [
        node
        for node in descendants(area)
        if node.type == "variable_name"
        and node.start_byte >= store.end_byte
        and (node.text or b"").decode("utf-8", "replace") == label
        and node.parent is not None
        and node.parent.type in ("simple_expansion", "expansion", "arithmetic_expansion")
    ]
    inside = [read for read in reads if read.end_byte <= subshell.end_byte]
    after = [read for read in reads if read.start_byte >= subshell.end_byte]
    told = all(_only_told(script, read) for read in inside)
    return label if told and any(not _only_told(script, read) for read in after) else None


def _only_told(script: ShellScript, read: Node) -> bool:
    """Whether a read of a variable only shows it: a word of `echo`, `printf` or a
    function of the script that only says things."""
    current = read.parent
    while current is not None and current.type not in ("command", "program"):
        if current.type in ("test_command", "arithmetic_expansion", "case_statement"):
            return False
        current = current.parent
    command = script.command_at(current) if current is not None else None
    name = command.command_name if command is not None else None
    return name in MESSAGE_COMMANDS or name in script.messages


def _callers_unseen(script: ShellScript, store: Node, name: str) -> bool:
    """Whether the global `name` a function keeps a status in may be read by callers out
    of the script's sight: nothing in the script calls the function (a library's, or an
    entry point another script calls), and the variable is not `local` to it."""
    function = enclosing_definition(store)
    if function is None or name in script.read_names().local.get(function.id, ()):
        return False
    label = function.child_by_field_name("name")
    called = (label.text or b"").decode("utf-8", "replace") if label is not None else ""
    return not calls_of(script).get(called)


def _status_read_by_callers(script: ShellScript, statement: Node) -> bool:
    """Whether every call of the function holding `statement` reads its status."""
    function = enclosing_definition(statement)
    name = function.child_by_field_name("name") if function is not None else None
    called = (name.text or b"").decode("utf-8", "replace") if name is not None else ""
    calls = calls_of(script).get(called, []) if called else []
    return bool(calls) and all(_status_read(script, statement_of(c.node)) for c in calls)


def _status_read(script: ShellScript, node: Node) -> bool:
    use = status_use(node, script.options_at(node), script)
    return use is not None and discarded_by(node) is None


def _name(script: ShellScript, node: Node) -> str | None:
    command = script.command_at(node)
    return command.command_name if command is not None else None


_AROUND = frozenset({"list", "redirected_statement", "negated_command"})


def _run_statement(statement: Node) -> Node:
    """The statement a check after the run follows: the list around it (`agent … ||
    true`), and the subshell it ends (`( cd "$dir"; agent … )`: its status is the run's)."""
    while statement.parent is not None:
        holder = statement.parent
        if holder.type in _AROUND or (
            holder.type == "subshell" and next_statement(statement) is None
        ):
            statement = holder
        else:
            break
    return statement


def _unwatched(script: ShellScript, statement: Node) -> bool:
    """Whether a run goes to the background and the script never learns that it ended: no
    `wait` waits for it, nothing polls the pid it saves (`pid=$!`, then `kill -0 "$pid"`
    or `ps -p "$pid"`), and no loop after it waits for a file to appear. A check after
    it then races it and judges nothing of it."""
    if not backgrounded(statement) or waits_for(statement, script.commands, script.parsed):
        return False
    saved = pid_variables(statement, script.commands, script.parsed)
    polls = _polls(script)
    if saved & polls.names:
        return False
    return bisect.bisect_left(polls.file_loops, statement.end_byte) == len(polls.file_loops)


class _Polls(NamedTuple):
    """How a script learns that a background run ended without `wait`, found once."""

    names: frozenset[str]  # variables a `kill -0` or `ps` names (`kill -0 "$pid"`)
    file_loops: list[int]  # starts of loops that wait for a file to appear, sleeping


def _polled_until(script: ShellScript, statement: Node) -> Node:
    """For a background run, the last loop after it in its block that polls its pid while
    it runs (`while kill -0 "$pid"; do …; done`): what that loop reads of the run's output
    (its size, its age) races the run, so only what comes after it judges the run; else
    `statement`."""
    if not backgrounded(statement):
        return statement
    saved = pid_variables(statement, script.commands, script.parsed)
    found, sibling = statement, statement.next_named_sibling
    while sibling is not None and saved:
        if sibling.type == "while_statement" and any(
            _probed_pids(command) & saved
            for condition in sibling.children_by_field_name("condition")
            for n in descendants(condition)
            if n.type == "command" and (command := script.command_at(n)) is not None
        ):
            found = sibling
        sibling = sibling.next_named_sibling
    return found


def _polls(script: ShellScript) -> _Polls:
    known = _POLLS.get(script)
    if known is None:
        names = {name for command in script.commands for name in _probed_pids(command)}
        loops = [node.start_byte for node in script.parsed.nodes() if _polls_file(script, node)]
        known = _POLLS[script] = _Polls(frozenset(names), loops)
    return known


def _probed_pids(command: SimpleCommand) -> set[str]:
    """The variables whose process a command asks after (`kill -0 "$pid"`, `ps -p $pid`)."""
    if not (
        (command.command_name == "kill" and "-0" in command.argv[1:])
        or command.command_name == "ps"
    ):
        return set()
    words = (text_of(word) for word in command.word_nodes if word is not None)
    return {name for text in words for name in _EXPANDED_NAME.findall(text)}


def _polls_file(script: ShellScript, loop: Node) -> bool:
    """Whether a loop waits for a file to appear (`while [ ! -f "$out" ]; do sleep 1; done`)."""
    if loop.type != "while_statement":  # (`until` too)
        return False
    tests = [
        text_of(unary.children[0])
        for condition in loop.children_by_field_name("condition")
        for unary in descendants(condition)
        if unary.type == "unary_expression" and unary.children
    ]
    sleeps = any(script.name_at(n) == "sleep" for n in descendants(loop))
    return sleeps and any(test in EXISTENCE_TESTS for test in tests)


_POLLS: weakref.WeakKeyDictionary[ShellScript, _Polls] = weakref.WeakKeyDictionary()
_EXPANDED_NAME = re.compile(r"\$\{?([A-Za-z_]\w*)")


_MAX_MESSAGES = 4  # messages printed between a run and the `read` that waits for a person


def _person_watches(script: ShellScript, statement: Node) -> bool:
    """Whether the next command waits for a person at the terminal (`claude; read`, a
    pane kept open until Enter, also after a message or two: `echo "Press Enter"; read`):
    whoever presses it has seen how the run ended. Not a
    `read` from a file or descriptor (`< f`, `-u 3`), or one that gives up (`-t 5`)."""
    following = None if backgrounded(statement) else next_statement(statement)
    command = script.command_at(following) if following is not None else None
    for _ in range(_MAX_MESSAGES):  # past what it prints first (`echo "Done. Press Enter"`)
        if command is None or command.command_name not in MESSAGE_COMMANDS:
            break
        if following is None or following.type != "command":
            return False  # a message sent elsewhere (`echo done > flag`)
        following = next_statement(following)
        command = script.command_at(following) if following is not None else None
    if command is None or command.command_name != "read":
        return False
    options = [w for w in command.argv[1:] if w and w.startswith("-") and not w.startswith("--")]
    # `-t 5`, `-u 3`, also in a cluster of options (`-rt 5`); a redirect of its input too
    return not any("t" in w[1:] or "u" in w[1:] for w in options)


def _declaration_read(statement: Node) -> bool:
    """Whether a run captured in a declaration (`local out=$(agent …)`) is followed by a
    read of `$?` first thing (`reads_exit_status`: `if [ $? -eq 0 ]`, `rc=$?`), which
    holds the declaration's status."""
    holder = statement.parent
    if holder is None or holder.type != "command_substitution":
        return False
    declaration = substitution_declaration(holder)
    return declaration is not None and reads_exit_status(declaration)


def _how(statement: Node, discard: str | None, masked: MaskedStage | None) -> str:
    """Why the status is lost, in words for the message."""
    holder = statement.parent  # `local out=$(agent …)`: the declaration's status is `$?`
    captured = holder is not None and holder.type == "command_substitution"
    declaration = substitution_declaration(holder) if captured and holder is not None else None
    if declaration is not None and (masked is None or _declaration_read(statement)):
        keyword = (declaration.text or b"").decode("utf-8", "replace").split(" ", 1)[0]
        names = [
            child.child_by_field_name("name")
            for child in declaration.named_children
            if child.start_byte <= statement.start_byte < child.end_byte
        ]
        name = (names[0].text or b"").decode("utf-8", "replace") if names and names[0] else "x"
        return f"`{keyword} {name}=$(…)` returns the status of `{keyword}`, not the run's"
    if masked is None:
        if backgrounded(statement):
            return "it runs in the background and nothing waits for it"
        if discard is not None:
            return f"`{discard}` discards it"
        if next_statement(statement) is None:
            return "nothing reads it"
        return "nothing reads it before the next command runs"
    where = f" in `{masked.captured}=$(…)`" if masked.captured else ""
    returns = f"the pipeline{where} returns the status of `{masked.winner}`"
    if backgrounded(statement):
        return f"{returns}, runs in the background, and nothing waits for it"
    if discard is not None:
        return f"{returns}, and `{discard}` discards it"
    return f"{returns}, and nothing reads it"


def _statement(command: Node) -> Node:
    """The statement a command is (`wait "$pid" > /dev/null 2>&1`: with its redirects), or
    the `NAME=$(…)` that captures it."""
    node = status_holder(command)
    while node.parent is not None and node.parent.type == "redirected_statement":
        node = node.parent
    return node


# A literal path a run writes or is told of (`/tmp/out.json`, `review.md`): one that a
# host's later step can name as written (not `$OUT`).
_LITERAL_PATH = re.compile(r"[\w./-]*\w\.\w+|/[\w./-]+")
# What a program given to an action does with a file that examines it (JavaScript's
# `fs.existsSync`, `JSON.parse`), not only shows or uploads it.
_EXAMINING_CODE = re.compile(r"\b(?:existsSync|JSON\.parse|statSync)\b")


def _judged_by_host_after(script: ShellScript, command: SimpleCommand) -> bool:
    """Whether what the host runs after this shell (a job's later steps, each under
    errexit) judges the run: runs the project's tests, or checks what changed in the work
    tree and fails the job without it (`bun test || exit 1`, `if git diff --quiet; then
    exit 1; fi`); or examines a file the run writes or its command names (`codex exec
    --output-last-message /tmp/out.json … || true`, then a step that tests and parses
    `/tmp/out.json`), as a later command of the script would. A file copied or uploaded
    is not examined."""
    shell, code = script.host_after
    if not shell and not code:
        return False
    later = host_after(script)
    if later is not None and any(
        runs_project_tests(s, later.command_at)
        or checks_effect(s, later.command_at, later.tests_of, leaving=later.leaving)
        for s in later.parsed.root.named_children
    ):
        return True
    output = agent_output(script, command)
    paths = [p for p in output.files | output.told if _LITERAL_PATH.fullmatch(p)]
    if not paths:
        return False
    reads = reads_in(later) if later is not None else {}
    for path in paths:
        if later is not None and any(not only_shows(later, n) for n in reads.get(("f", path), [])):
            return True
        named = re.search(rf"(?<![\w./-]){re.escape(path)}(?![\w/-])", code)
        if named is not None and _EXAMINING_CODE.search(code):
            return True
    return False
