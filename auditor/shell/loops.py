"""Shell loops that re-run an agent because it failed (systemd's `Restart=`: `restarts`).

A shell loop re-runs the agent when a failure of the agent can lead to
another iteration while a success can leave the loop: `until agent`,
`while ! agent`, `agent && break`, `agent || continue; break`, a `case` on
its status. Each way the agent can end (success, each code the loop compares
its status with, a code it does not, a transient failure) is walked through
one iteration; a loop that goes on after a success too (a schedule) is not a
retry, and neither is a Ralph loop (`auditor.shell.schedule`). Only attempt
loops count. An agent whose failure errexit turns into the end of the script
is never run again by its loop (RA204 reports the reads that pretend
otherwise).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from auditor.exit_codes import retried_failures
from auditor.finding import shortened
from auditor.profiles import AgentProfile
from auditor.shell.commands import NO_EFFECT_BUILTINS, SimpleCommand
from auditor.shell.first_turn import ROUND, ends_first_turn, never_reached
from auditor.shell.jobs import failing_wait_ends
from auditor.shell.loop_flow import IterationWalk
from auditor.shell.model import ShellScript
from auditor.shell.parse import Node, descendants, enclosing_loop, named, within
from auditor.shell.pending import leaves_pending
from auditor.shell.scenarios import NONZERO, Scenario
from auditor.shell.schedule import (
    attempt_loop,
    bounded,
    ordering,
    ralph_loop,
    reads_items,
    unbounded_by_default,
)
from auditor.shell.status import ends_on_failure, status_holder

if TYPE_CHECKING:
    from auditor.python.runner.steps import StepCatalog


class AgentLoop(NamedTuple):
    """A shell loop that re-runs an agent because it failed."""

    loop: Node
    header: tuple[int, int]  # unit offsets of `until gptme …; do`
    label: str  # the loop, for messages: "`until gptme …` loop"
    agent: str  # `gptme`, or the name of the function that runs it
    reason: str  # "whenever it fails", "on exit 1", "on a transient failure"
    ending: str  # "and stops once it succeeds", or how a failure skips the iteration
    blanket: bool  # any failure leads to another run
    transient_only: bool  # only a transient failure does (exit 75, a rate-limit marker)
    bounded: bool
    named_session: bool
    profile: AgentProfile  # the agent it re-runs (through a function, that function's)
    # the runs it re-runs, each by its unit offsets and its label: the one analysed, then
    # the loop's other agent runs
    runs: tuple[tuple[int, int, str], ...] = ()


class AgentRuns(NamedTuple):
    """The script's agent runs with their agents, in source order, and where each starts
    (the runs inside a loop are a slice of them, found by bisection)."""

    runs: Sequence[tuple[SimpleCommand, AgentProfile]]
    starts: Sequence[int]

    @classmethod
    def of(cls, script: ShellScript) -> AgentRuns:
        """The agent runs of `script`."""
        runs = [(c, a) for c in script.commands if (a := script.agent_of(c)) is not None]
        runs.sort(key=lambda run: run[0].node.start_byte)
        return cls(runs, [command.node.start_byte for command, _ in runs])

    def inside(self, node: Node) -> Sequence[tuple[SimpleCommand, AgentProfile]]:
        """The runs that start inside `node`, in source order."""
        first = bisect.bisect_left(self.starts, node.start_byte)
        last = bisect.bisect_left(self.starts, node.end_byte)
        return self.runs[first:last]


_NOT_STARTED = frozenset({126, 127})  # not executable, not found (bash's own statuses)


def _analyse(
    script: ShellScript,
    loop: Node,
    command: SimpleCommand,
    profile: AgentProfile,
    steps: StepCatalog,
    runs: AgentRuns,
) -> AgentLoop | None:
    alternatives = _alternatives(loop, command, profile, runs.inside(loop))
    flow = IterationWalk(script, loop, command, alternatives)
    ok = Scenario(True, 0, False)
    transient = steps.transient(profile, script.catalog)
    codes = sorted(flow.literals - {0})
    failures = [Scenario(False, code, code in transient) for code in codes]
    failures.append(Scenario(False, NONZERO, False))
    if not transient & set(codes):
        failures.append(Scenario(False, min(transient, default=NONZERO), True))
    failures = _failures_of(script, command, failures, codes)
    if not failures:
        return None  # every failure code it has is a successful run's verdict
    # one walk for every way the run ends: a way out before the run is the run's only
    # when some of them do not take it (`IterationWalk`)
    success = flow.outcomes([ok, *failures])[0]
    ending = " and stops once it succeeds"
    if "leave" not in success:
        # It goes on after a success too: a schedule, not a retry; unless it is an endless
        # one that a failure sends round again at once, skipping the work a success goes
        # on to (`if [ $rc -ne 0 ]; then sleep 30; continue; fi`).
        if not _endless_attempts(script, loop) or not _skips_work(script, loop):
            return None
        flow.outcomes(failures)  # one walk for every failure, then each is looked up
        # a success that goes round too by `continue` (past its work): only the failures
        # that a `continue` of their own sends round
        alone = flow.continues(ok)
        retried = [s for s in failures if flow.continues_alone(s) if alone or flow.continues(s)]
        ending = ", skipping the rest of its iteration"
    elif ralph_loop(script, loop, command, success) and not flow.leaves_on_status:
        # runs again after a success too, until its output says it is done (not a test
        # that compares the status first, `[[ $rc -eq 0 && -s "$out" ]]`: a loop that
        # leaves on success)
        return None
    else:
        outcomes = flow.outcomes(failures)
        retried = [
            s for s, o in zip(failures, outcomes, strict=True) if "next" in o and o != success
        ]
        if _endless_attempts(script, loop) and _skips_work(script, loop):
            # ...or goes round at once by a `continue` no success reaches, skipping the
            # work a success goes on to
            retried += [s for s in failures if s not in retried and flow.continues_alone(s)]
        if "next" in success:  # a success leaves only where a test after it says so
            ending = "" if bounded(script, loop) else ", with no bound on its rounds"
            if default := unbounded_by_default(script, loop):
                ending += f" by default (`{default}`)"
    # 126 and 127 are the shell's own codes: the program could not be found or run, so
    # going round on them starts the run that never happened, and repeats nothing
    retried = [s for s in retried if s.code not in _NOT_STARTED]
    if not retried:
        return None
    under = [flow.narrowed(s) for s in retried if not s.transient]
    started = [s for s in failures if not s.transient and s.code not in _NOT_STARTED]
    blanket = all(s in retried for s in started) and not any(under)
    transient_only = all(s.transient for s in retried)
    failed = [(None if s.code == NONZERO else s.code, s.transient) for s in retried]
    shown = retried_failures(failed, flow.literals, "any other failure")
    reason = "on a transient failure" if transient_only else f"on {shown}"
    if under and all(under):  # only where a test of what it said holds
        tests = dict.fromkeys(test for tests in under for test in tests)
        texts = [shortened(test) for test in tests]
        if all(text.startswith("! ") for text in texts):  # a failure its tests do not catch
            shown = "` and `".join(text[2:].lstrip() for text in texts)
            verb = "holds" if len(texts) == 1 else "hold"  # (round when any fails to)
            reason = f"on any failure unless `{shown}` {verb}"
        else:
            reason = f"when `{'` or `'.join(texts)}` holds"
    flags = "|".join(re.escape(f) for f in sorted(steps.session_flags) if f.startswith("--"))
    named = steps.named_session(command.argv) or bool(
        re.search(rf"(?<![\w-])(?:{flags})(?![\w-])", script.parsed.node_text(loop))
    )
    reason = "whenever it fails" if blanket else reason
    return _found(script, loop, command, profile, reason, ending)._replace(
        blanket=blanket, transient_only=transient_only, named_session=named
    )


def _found(
    script: ShellScript,
    loop: Node,
    command: SimpleCommand,
    profile: AgentProfile,
    reason: str,
    ending: str,
) -> AgentLoop:
    """The finding of a loop that re-runs `command` `reason` (a blanket retry of a run that
    resumes no session, unless the caller says otherwise)."""
    start, _ = script.parsed.span(loop)
    body = loop.child_by_field_name("body")
    end = script.parsed.span(body)[0] if body is not None else script.parsed.span(loop)[1]
    header = " ".join(script.parsed.text[start:end].split()).rstrip("; ")
    return AgentLoop(
        loop,
        (start, end + 2 if body is not None else end),
        f"`{shortened(header)}` loop",
        (command.label if command.agent else command.command_name) or profile.name,
        reason,
        ending,
        blanket=True,
        transient_only=False,
        bounded=bounded(script, loop),
        named_session=False,
        profile=profile,
    )


def _requeued(
    script: ShellScript,
    items: Node,
    poll: Node,
    command: SimpleCommand,
    profile: AgentProfile,
    runs: AgentRuns,
) -> AgentLoop | None:
    """An endless poll loop that runs the item a failed run left pending again: the run's
    failure ends its item's iteration at a `continue` no success reaches, past the mark
    that tells the next round the item is done (`auditor.shell.pending`)."""
    if not _endless_attempts(script, poll) or not leaves_pending(script, items, command):
        return None
    alternatives = _alternatives(items, command, profile, runs.inside(items))
    flow = IterationWalk(script, items, command, alternatives)
    failure = Scenario(False, NONZERO, False)
    flow.outcomes([Scenario(True, 0, False), failure])
    if not flow.continues_alone(failure):
        return None
    ending = ", leaving the item it failed on pending for the next round"
    return _found(script, poll, command, profile, "whenever it fails", ending)


def _failures_of(
    script: ShellScript, command: SimpleCommand, failures: list[Scenario], codes: list[int]
) -> list[Scenario]:
    """The ways a run of `command` can fail: for a function that returns codes of its own
    only (`auditor.shell.verdict_codes`), those it returns where its agent failed; a code
    it returns only after a success is a verdict, and a code nothing compares with is one
    of the codes it returns that the loop does not name."""
    summary = script.summaries.get(command.command_name or "") if command.agent is None else None
    if summary is None or not summary.verdicts:
        return failures
    own = {code for code in summary.returns if code} - summary.verdicts
    return [
        s
        for s in failures
        if s.code in own or (s.code == NONZERO and not s.transient and own - set(codes))
    ]


def _alternatives(
    loop: Node,
    command: SimpleCommand,
    profile: AgentProfile,
    runs: Sequence[tuple[SimpleCommand, AgentProfile]],
) -> list[Node]:
    """The runs of the same agent in the loop that are another branch of the `if` or
    `case` holding `command` (`if streaming; then claude … | jq; else claude …; fi`);
    `runs`: the agent runs that start in the loop, each with its agent."""
    found: list[Node] = []
    for other, agent in runs:
        if other.node.id == command.node.id or agent.name != profile.name:
            continue
        if not within(other.node, loop):
            continue
        holder = command.node.parent
        while holder is not None and holder.id != loop.id and not within(other.node, holder):
            holder = holder.parent
        if holder is None or holder.type not in ("if_statement", "case_statement"):
            continue  # one after the other, not one instead of the other
        clauses = [holder, *(c for c in named(holder) if c.type == "elif_clause")]
        tests = [t for clause in clauses for t in named(clause, "condition")]
        if not any(within(run, t) for t in tests for run in (command.node, other.node)):
            found.append(other.node)
    return found


def _endless_attempts(script: ShellScript, loop: Node) -> bool:
    """A `while`/`until` loop whose condition sets no bound and reads no input: each
    iteration runs the same step again (`while read -r task` takes the next task; a cap
    on failures inside the body still lets it retry up to the cap)."""
    if loop.type != "while_statement" or reads_items(script, loop):
        return False
    return not any(
        node.type == "binary_expression" and ordering(script, node)
        for condition in named(loop, "condition")
        for node in descendants(condition)
    )


def _skips_work(script: ShellScript, loop: Node) -> bool:
    """Whether a `continue` of this loop skips work the rest of the iteration does: a
    command after the statement that holds it, other than output (`git commit`, a
    `sleep`, a function of the script)."""
    body = loop.child_by_field_name("body")
    statements = named(body) if body is not None else []
    for index, statement in enumerate(statements):
        jumps = [
            n
            for n in (statement, *descendants(statement))
            if n.type == "command"
            and (c := script.command_at(n)) is not None
            and c.command_name == "continue"
            and (inner := enclosing_loop(n)) is not None
            and inner.id == loop.id
        ]
        if not jumps:
            continue
        # what follows the first statement that jumps holds what follows any later one
        rest = [n for s in statements[index + 1 :] for n in (s, *descendants(s))]
        return any(
            n.type == "command"
            and (c := script.command_at(n)) is not None
            and c.command_name not in NO_EFFECT_BUILTINS
            for n in rest
        )
    return False


def agent_loops(script: ShellScript, steps: StepCatalog) -> list[AgentLoop]:
    """Every attempt loop that re-runs an agent (or a function running one) after it fails."""
    # a function whose body ends returning a failure of its own reports its verdict, not
    # the agent's status (`run_iteration` ends in `return 1  # more work to do`)
    functions = {
        n: s.agent
        for n, s in script.summaries.items()
        if s.agent is not None and not s.ends_failing
    }
    # and one that leaves its run's status in a variable for the caller to test
    storing = {n: s.stored for n, s in script.summaries.items() if s.stored and not s.agent}
    runs = AgentRuns.of(script)
    found: list[AgentLoop] = []
    for command in script.commands:
        name = command.command_name or ""
        stores = command.agent is None and name in storing
        profile = command.agent or functions.get(name) or storing.get(name)
        if command.interactive:
            continue  # a loop reopening a person's session retries none of a runner's work
        if command.agent is not None and command.agent.reads_only(command.arguments):
            continue  # a run that changes nothing (`--permission-mode plan`): none to repeat
        loop = enclosing_loop(command.node) if profile is not None else None
        if profile is None or loop is None or any(f.loop.id == loop.id for f in found):
            continue
        statement = status_holder(command.node)  # `X=$(agent …)` fails as the agent does
        if not stores and (
            ends_on_failure(statement, script.options_at(statement))
            or failing_wait_ends(statement, script)
        ):
            continue  # errexit ends the script (at the run, or at its `wait`) first
        if _first_failure_ends(script, loop, command) or never_reached(script, command.node):
            # `((attempt++))` of a counter at 0 ends the script at the first failure, or on
            # the first turn before the run
            continue
        result = (
            _analyse(script, loop, command, profile, steps, runs) if attempt_loop(loop) else None
        )
        outer = enclosing_loop(loop)
        if result is None and outer is not None and attempt_loop(outer):
            # the loop around it runs that loop again (`while :; do while :; do agent;
            # …; done; grep -q "API Error" log && continue; break; done`)
            result = _analyse(script, outer, command, profile, steps, runs)
        if result is None and outer is not None and not any(f.loop.id == outer.id for f in found):
            # ...or, polling, takes the item a failed run left pending again
            result = _requeued(script, loop, outer, command, profile, runs)
        if result is not None:
            others = [c for c, _ in runs.inside(result.loop) if c is not command]
            spans = tuple(
                (*script.parsed.span(c.node), c.label or c.command_name or result.agent)
                for c in (command, *others)
            )
            found.append(result._replace(runs=spans))
    return found


def _first_failure_ends(script: ShellScript, loop: Node, command: SimpleCommand) -> bool:
    """Whether errexit ends the script on the loop's first turn once the run has failed:
    the body goes on from the run (or from the loop's condition that runs it), with no
    jump, to `((n++))` (or `((n--))`) of a counter that is 0 on the first turn (`local
    attempt=0` before the loop): `((0))` is a failure, so the loop never gets round to
    the run again."""
    body = loop.child_by_field_name("body")
    if body is None:
        return False
    statements = [c for c in body.named_children if c.type != "comment"]
    at = next((i for i, s in enumerate(statements) if within(command.node, s)), None)
    if at is None and not any(within(command.node, c) for c in named(loop, "condition")):
        return False
    return ends_first_turn(script, loop, statements[at or 0 :], ROUND)
