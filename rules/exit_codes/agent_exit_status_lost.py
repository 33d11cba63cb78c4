"""RA203 agent-exit-status-lost."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from auditor.finding import Finding, Severity
from auditor.kinds import FileKind, Host
from auditor.rule import Example, Rule

if TYPE_CHECKING:  # the analysis loads when a file needs it, not with the rule
    from auditor.agent_status import AgentUnit, LostStatus


class AgentExitStatusLost(Rule["AgentUnit"]):
    """The runner throws the agent's exit status away.

    ## What it does
    Flags an agent invocation whose status nothing reads: `agent … || true`,
    an agent followed by other commands with no errexit and no `$?` read, an
    `agent &` that is never waited for; in Python, `subprocess.run([agent…])`
    without `check=True` whose result is never read, `os.system(agent…)` whose
    value is dropped, a `Popen` (or an asyncio process) never waited, or waited
    with `wait()`'s result dropped and `returncode` never read. A status lost
    only through a pipeline (the pipeline's status is used, but it is another
    stage's) is RA101's finding and is not reported again; an agent in a
    pipeline whose status nothing reads (`gptme … | tee log` then more
    commands) is reported here, as it would be without the `| tee`.

    ## Why is this bad?
    A run that hit a rate limit, an auth error or a crash looks like a
    success: the runner commits, pushes, or schedules the next step on top of
    a failed one, and nothing records that it failed.

    ## Example
    ```bash
    gptme --non-interactive "$TASK" || true
    git push
    ```

    ## Use instead
    ```bash
    if ! gptme --non-interactive "$TASK"; then
        echo "agent failed" >&2; exit 1
    fi
    git push
    ```

    ## References
    - bash manual, "Exit Status"
    - Python `subprocess.run(check=True)`
    """

    code = "RA203"
    name = "agent-exit-status-lost"
    severity = Severity.WARNING
    hosts = frozenset({Host.SHELL, Host.PYTHON})
    prefilter_agents = True

    BAD = (
        Example('#!/bin/bash\ngptme "$T" || true\ngit push\n', (("RA203", 2),)),
        Example(
            "import subprocess\nsubprocess.run(['gptme', 'x'])\n",
            (("RA203", 2),),
            kind=FileKind.PYTHON,
            filename="example.py",
        ),
    )
    GOOD = (
        Example('#!/bin/bash\nif ! gptme "$T"; then exit 1; fi\ngit push\n'),
        Example(
            "import subprocess\nsubprocess.run(['gptme', 'x'], check=True)\n",
            kind=FileKind.PYTHON,
            filename="example.py",
        ),
    )

    def check(self, unit: AgentUnit) -> Iterator[Finding]:
        """Yield a finding for each agent invocation whose status is discarded."""
        for lost in unit.agent_status().lost:
            yield self.finding(
                unit,
                lost.start,
                lost.end,
                f"exit status of `{lost.call.label}` is lost: {lost.how}",
                hint=_hint(lost),
            )


def _hint(lost: LostStatus) -> str:
    """What to do about a lost status, in a way that works where it is lost: a pipeline
    without pipefail, a `NAME=$(…)`, the background."""
    masked, discard = lost.masked, lost.discard
    instead = f"write `|| rc=$?` instead of `{discard}`" if discard else None
    if lost.background:
        wait = 'wait for it: `pid=$!` after it, then `wait "$pid" || rc=$?`'
        return wait if masked is None else f"add `set -o pipefail` and {wait}"
    if masked is None:
        if instead is not None:
            return f"{instead} and check `rc`"
        return "check it: `if ! agent …; then …`, `agent … || rc=$?`, or `check=True`"
    if masked.captured is not None:
        # PIPESTATUS is set inside the substitution: outside it, only pipefail helps.
        name = masked.captured
        return (
            f"add `set -o pipefail` so `{name}=$(…)` returns `{lost.call.label}`'s status, "
            f"and {instead or f'capture it with `{name}=$(…) || rc=$?`'}"
        )
    pipestatus = f"read `${{PIPESTATUS[{masked.stage}]}}` right after the pipeline"
    if instead is not None:
        return f"add `set -o pipefail` and {instead}, or {pipestatus}"
    return (
        f"{pipestatus}, or add `set -o pipefail` and capture it with "
        f"`… | {masked.winner} … || rc=$?`"
    )
