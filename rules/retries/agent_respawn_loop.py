"""RA302 agent-respawn-loop."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from auditor.finding import Finding, RelatedLocation, Severity
from auditor.kinds import FileKind, Host
from auditor.rule import Example, Rule

if TYPE_CHECKING:
    from auditor.hosts.mapped import MappedText
    from auditor.python.runner.steps import StepCatalog
    from auditor.python.unit import PythonUnit
    from auditor.shell.unit import ShellUnit
    from auditor.unit import FileUnit

_WHY = "a respawned agent starts over and repeats the failed run's work and side effects"
_UNIT_HINT = (
    "run it as `Type=oneshot` from a timer, or list every non-transient code in "
    "`RestartPreventExitStatus=` and resume a named session"
)
_UNIT = "[Unit]\nDescription=agent\n\n[Service]\nExecStart=/usr/bin/gptme --non-interactive run\n"


def _steps(unit: Any) -> StepCatalog:
    from auditor.python.runner.steps import default_steps

    # `steps` comes from config once the engine puts it on the unit.
    found: StepCatalog = getattr(unit, "steps", None) or default_steps()
    return found


class AgentRespawnLoop(Rule[Any]):
    """A shell loop or a service re-runs the agent because it failed.

    ## What it does
    Flags shell loops that run the agent again after it failed: `until agent
    …; do`, `while ! agent …; do`, a loop that `break`s when the agent
    succeeds, or `continue`s (or falls through to another iteration) when it
    fails. A run judged by its output fails where the loop's test of that
    output says so (`grep -q '"is_error":true' "$log"`, or a function of the
    script that greps the log it is given); a test for a marker of work done
    (`[[ $(tail -n 1 <<<"$out") == SUCCESS ]]`) never holds after a failure,
    and neither does one in a file the run must write: the plan its prompt
    names (`grep -q "STATUS: COMPLETE" "$PLAN"`), a file the prompt asks it to
    create (`[ -f /tmp/plan_complete ]`, also tested at the top of the body,
    before the next run), or, for a prompt read from a file,
    a file nothing else writes holding a word of work done.
    Where the loop around the run does not run it again (it goes round only
    on 127, the CLI not found), the loop around that one is judged the same
    way: it runs the inner loop, and so the agent, again. So is an endless
    poll loop around a loop over pending items (`for f in inbox/*.md`) that
    skips the items marked done (`is_done "$f" && continue`) and marks an
    item only after its run (`mark_done "$f"`, `mv "$f" done/`): a failed run
    that `continue`s past the mark leaves its item pending, and the next
    round runs it again.
    A `while` loop is bounded by an order comparison (`-lt`, `>=`) in its
    condition or in one that decides a jump out of it, unless the value a
    variable holds before the loop switches the comparison off (`MAX=0  # 0 =
    unlimited`, then `[ $MAX -gt 0 ] && [ $n -ge $MAX ] && break`). Also flags
    systemd services whose `ExecStart` runs the agent (or a script of the audited tree that does,
    also through a shell: `/bin/bash scripts/loop.sh`)
    with `Restart=on-failure`, `always`, `on-abnormal` or `on-abort`
    (`RestartPreventExitStatus=` taken into account), in unit files, unit
    templates and units written out by Python.

    Not flagged:
    - a bounded loop that resumes a named session only on the transient exit
      (75) or a rate-limit marker, even when its guard is itself wrong (RA201
      reports that);
    - a loop that runs the agent on a schedule whatever its status (it goes
      on after a success too): new work, not a retry. An endless `while` that
      sends a failure round again at once with `continue`, skipping what a
      success goes on to (a commit, a pause), does retry it, and is flagged;
    - a bounded loop that runs the agent again after a success too and stops
      on a marker in its output (`grep -q COMPLETE "$log" && break`, a `case`
      on the captured text, a file it must write): a "Ralph" loop. An unbounded one gets no such
      exemption, and neither does a stop on something other than the agent's
      output (`git push && break`);
    - a run in one of its agent's read-only modes (claude `--permission-mode
      plan`, codex `--sandbox read-only`, aider `--chat-mode
      ask`): it only answers, so running it again repeats no side effect;
    - a loop that goes round only on bash's own exit 126 or 127 (the CLI not
      executable, or not found while it is being reinstalled): the agent never
      started, so the next turn repeats nothing;
    - a readiness probe, whose prompt asks only for a reply (`claude -p "Say
      OK"` until the API answers), and a subcommand that starts no agent
      session (`opencode serve`): neither runs work that a retry repeats;
    - a loop that errexit ends before it can run the agent again: a failure
      outside any condition under `set -e` ends the script (RA204 reports the
      status reads that pretend otherwise), and so does `((attempt++))` of a
      counter still at 0 on the first turn (`((0))` fails).

    ## Why is this bad?
    A failed agent run has already done part of its work: edited files, made
    commits, called tools. Starting it again from scratch repeats that work on
    top of the first run's side effects, and an authentication error or a bad
    prompt fails the same way forever, burning quota in a tight loop.

    ## Example
    ```bash
    until gptme --non-interactive "$TASK"; do
        sleep 60
    done
    ```

    ## Use instead
    ```bash
    for attempt in 1 2 3; do
        rc=0
        gptme --non-interactive --name "$SESSION" "$TASK" || rc=$?
        [ "$rc" -eq 75 ] || exit "$rc"   # only a rate limit is worth a resume
        sleep $(( 600 * attempt ))
    done
    ```

    ## References
    - gptme's recovery design: process restarts stay explicit, a later timer run is new work
    - systemd.service(5): `Restart=`, `RestartPreventExitStatus=`
    """

    code = "RA302"
    name = "agent-respawn-loop"
    severity = Severity.WARNING
    tags = ("reliability", "retries")
    precision = "medium"
    hosts = frozenset({Host.SHELL, Host.FILE, Host.PYTHON})
    prefilter = ("Restart=",)
    prefilter_agents = True

    BAD = (
        Example(
            '#!/bin/bash\nuntil gptme --non-interactive "$T"; do sleep 60; done\n', (("RA302", 2),)
        ),
        Example(
            _UNIT + "Restart=on-failure\n",
            (("RA302", 6),),
            FileKind.SYSTEMD,
            "agent.service",
        ),
    )
    GOOD = (
        Example('#!/bin/bash\nwhile true; do gptme --non-interactive "$T"; sleep 1800; done\n'),
        Example(
            "#!/bin/bash\nfor i in $(seq 1 20); do\n"
            '  if gptme --non-interactive "$T" > run.log 2>&1; then\n'
            "    grep -q COMPLETE run.log && break\n  fi\ndone\n"
        ),
        Example(  # errexit ends the script at a failure: RA204 reports the dead read
            '#!/bin/bash\nset -e\nfor i in 1 2 3; do\n  gptme --non-interactive "$T"\n'
            '  rc=$?\n  [ "$rc" -eq 0 ] && break\ndone\n'
        ),
        Example(
            _UNIT.replace("[Service]", "[Service]\nType=oneshot"),
            kind=FileKind.SYSTEMD,
            filename="agent.service",
        ),
    )

    def check(self, unit: ShellUnit | FileUnit | PythonUnit) -> Iterator[Finding]:
        """Yield a finding for each loop or service that respawns the agent after a failure."""
        from auditor.shell.unit import ShellUnit
        from auditor.unit import FileUnit

        if isinstance(unit, ShellUnit):
            yield from self._shell(unit)
        elif isinstance(unit, FileUnit):
            if unit.kind is FileKind.SYSTEMD:
                from auditor.hosts.mapped import MappedText

                yield from self._service(unit, MappedText.verbatim(unit.text, 0))
        elif unit.module is not None and "[Service]" in unit.text:  # a Python module
            from auditor.python.model.strings import Resolver

            resolver = Resolver(unit.module)
            for node in unit.module.strings:
                text = resolver.text(node)
                if text is not None and "[Service]" in text.text:
                    yield from self._service(unit, text)

    def _shell(self, unit: ShellUnit) -> Iterator[Finding]:
        from auditor.shell.loops import agent_loops

        if not any(word in unit.text for word in ("while", "until", "for")):
            return
        for loop in agent_loops(unit.script, _steps(unit)):
            if loop.transient_only and loop.bounded and loop.named_session:
                continue  # a bounded resume of a named session on the transient condition
            related = tuple(
                RelatedLocation(unit.source.path, unit.host_span(start, end), f"`{name}` runs here")
                for start, end, name in loop.runs
            )
            start, end = loop.header
            yield self.finding(
                unit,
                start,
                end,
                f"{loop.label} re-runs `{loop.agent}` {loop.reason}{loop.ending}: {_WHY}",
                hint="run the agent on a schedule whatever its status, or "
                + _steps(unit).resume_advice(loop.profile, unit.catalog),
                related=related,
            )

    def _service(self, unit: FileUnit | PythonUnit, text: MappedText) -> Iterator[Finding]:
        from auditor.project import ProjectIndex
        from auditor.shell.restarts import service_restarts

        project = getattr(unit, "project", None) or ProjectIndex()
        for restart in service_restarts(text, unit.catalog, project, _steps(unit)):
            if restart.transient_only and restart.bounded and restart.named_session:
                continue
            if not restart.codes:
                when = "when it is killed or times out"
            elif restart.any_failure:
                when = "whenever it fails"
            else:
                when = "on exit " + ", ".join(str(c) for c in restart.codes)
            start, end = restart.exec_start
            exec_span = unit.host_span(start, end)
            related = (
                RelatedLocation(unit.source.path, exec_span, f"`{restart.agent}` runs here"),
            )
            yield self.finding(
                unit,
                *restart.restart,
                f"`Restart={restart.value}` respawns `{restart.agent}` (`ExecStart`) {when}: "
                f"{_WHY}",
                hint=_UNIT_HINT,
                related=related,
            )
