"""RA204 status-read-unreachable."""

from __future__ import annotations

from collections.abc import Iterator

from auditor.finding import Finding, RelatedLocation, Severity
from auditor.rule import Example, Rule
from auditor.shell.unit import ShellUnit


class StatusReadUnreachable(Rule[ShellUnit]):
    """Under errexit, a `$?` read after the agent only ever sees success.

    ## What it does
    Flags a `$?` (or `PIPESTATUS`) read right after an agent invocation that
    runs outside any condition while errexit (`set -e`) is on. When the agent
    fails, errexit ends the script before the read; when the read runs, the
    agent succeeded. Every guard on the value is dead code.

    Errexit is decided where a function is called, not where it is defined:
    a wrapper defined above `set -e` and called below it runs under errexit,
    and one called as a condition (`if run_agent …`) runs without it. One
    called both ways is reported for the calls that run it under errexit, the
    first of them named as a related location; so are the functions such a
    body calls, in the foreground or as a job (`f &` keeps errexit in the
    job, whose failing run ends it). A library's functions are
    called by the scripts of the tree that source it, with their options (and
    the library's own `set -e`).

    Not reported: a read that only passes the status on and decides nothing
    (`exit $?` or `return $?` right after the agent, or `rc=$?` whose value
    only an `exit` or `return` uses, if anything does, or a guard on it that
    only prints a message and exits with it: `if [ "$rc" -ne 0 ]; then echo
    "failed: $rc" >&2; exit "$rc"; fi`). It is redundant under errexit, not a
    dead guard: the script exits with the agent's status either way.

    ## Why is this bad?
    Timeout handling, rate-limit resumes and "safety net" steps written after
    the agent never run when it fails: `set -euo pipefail; timeout 1800 gptme
    …; EXIT_CODE=$?; if [ $EXIT_CODE -eq 124 ]` exits at the agent's failure
    and the timeout branch is never taken.

    ## Example
    ```bash
    set -euo pipefail
    timeout 1800 gptme --non-interactive "$TASK"
    EXIT_CODE=$?
    if [ "$EXIT_CODE" -eq 124 ]; then echo "timed out"; fi
    ```

    ## Use instead
    ```bash
    set -euo pipefail
    EXIT_CODE=0
    timeout 1800 gptme --non-interactive "$TASK" || EXIT_CODE=$?
    if [ "$EXIT_CODE" -eq 124 ]; then echo "timed out"; fi
    ```

    ## References
    - bash manual, "The Set Builtin" (`-e`)
    """

    code = "RA204"
    name = "status-read-unreachable"
    severity = Severity.ERROR
    tags = ("reliability", "exit-codes")
    precision = "very-high"
    prefilter_agents = True

    BAD = (
        Example(
            "#!/bin/bash\nset -euo pipefail\ntimeout 60 gptme x\nEXIT_CODE=$?\n"
            'if [ "$EXIT_CODE" -eq 124 ]; then echo late; fi\n',
            (("RA204", 4),),
        ),
    )
    GOOD = (
        Example(
            "#!/bin/bash\nset -euo pipefail\nEXIT_CODE=0\ntimeout 60 gptme x || EXIT_CODE=$?\n"
            'if [ "$EXIT_CODE" -eq 124 ]; then echo late; fi\n'
        ),
        Example("#!/bin/bash\nset -e\ngptme x\nexit $?\n"),
        Example(  # errexit is off in a function called as a condition
            "#!/bin/bash\nset -e\nrun() {\n  gptme x\n  rc=$?\n"
            '  [ "$rc" -eq 75 ] && sleep 60\n  return "$rc"\n}\nif run; then echo ok; fi\n'
        ),
    )

    def check(self, unit: ShellUnit) -> Iterator[Finding]:
        """Yield a finding at each status read errexit makes unreachable on failure."""
        for read in unit.agent_status().unreachable:
            related: tuple[RelatedLocation, ...]
            guards = ""
            if read.guards == 1:
                guards = ", so the guard on it never sees a failure"
            elif read.guards > 1:
                guards = f", so the {read.guards} guards on it never see a failure"
            where, related = "", ()
            if read.via is not None:  # one call of the function holding it has errexit
                name, start, end = read.via
                where = f" where `{name}` is called outside a condition"
                message = f"`{name}` runs under errexit here"
                related = (RelatedLocation(unit.source.path, unit.host_span(start, end), message),)
            yield self.finding(
                unit,
                read.start,
                read.end,
                f"this read only ever sees success{where}: errexit ends the "
                f"{'subshell' if read.subshell else 'script'} when `{read.call.label}` "
                f"fails{guards}",
                hint=f"capture it with `{read.call.label} … || rc=$?` or test it in an `if`",
                related=related,
            )
