"""RA202 exit-code-never-emitted."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from auditor.finding import Finding, Severity
from auditor.kinds import FileKind, Host
from auditor.rule import Example, Rule

if TYPE_CHECKING:  # the analysis loads when a file needs it, not with the rule
    from auditor.agent_status import AgentUnit, StatusGuard
    from auditor.exit_codes import ExitCodes


def _known(codes: ExitCodes) -> str:
    listed = ", ".join(str(code) for code in sorted(codes.codes))
    return listed + (" and 128+N for signals" if codes.signals else "")


class ExitCodeNeverEmitted(Rule["AgentUnit"]):
    """The agent's status is compared with a code it can never produce.

    ## What it does
    Flags a comparison of an agent's exit status with a code that neither the
    agent's profile nor a wrapper present on that invocation can produce: `-eq 2`
    for gptme, `124` with no `timeout` wrapper, or `returncode == 124` after
    Python's `subprocess.run(timeout=…)`, which raises `TimeoutExpired` instead of
    returning 124 (for any agent, where the comparison is meant for a time-out, also
    in a function every caller hands the status to). Whatever the program, a shell's
    comparison with a code above 255 never matches: an exit status is 0 to 255
    (`exit 429` arrives as 173). Also flags comparing `os.system(…)`'s value with an
    exit code: it returns a wait status (`75` arrives as `19200`). A variable holds
    every value a path gives it: not flagged is a code the script itself stores in
    it after the run (`rc=429` after grepping the log), or any code where another
    arm of an `if`/`case` gives it a value of its own (`rc=$?` after a `perl`
    timeout wrapper in one arm, the agent's in the other).

    ## Why is this bad?
    The guarded branch is dead code: the timeout handler, the retry on a
    made-up code, or the rate-limit wait never runs, and the case it was
    written for falls through to whatever comes next.

    ## Example
    ```bash
    gptme --non-interactive "$TASK" || rc=$?
    if [ "$rc" -eq 124 ]; then echo "timed out"; fi
    ```

    ## Use instead
    ```bash
    timeout 1800 gptme --non-interactive "$TASK" || rc=$?
    if [ "$rc" -eq 124 ]; then echo "timed out"; fi
    ```

    ## References
    - coreutils `timeout`: exit status 124 when the command times out
    - Python `subprocess.run(timeout=…)` raises `subprocess.TimeoutExpired`
    - Python `os.waitstatus_to_exitcode()`
    """

    code = "RA202"
    name = "exit-code-never-emitted"
    severity = Severity.WARNING
    tags = ("reliability", "exit-codes")
    hosts = frozenset({Host.SHELL, Host.PYTHON})
    prefilter_agents = True

    BAD = (
        Example(
            '#!/bin/bash\ngptme "$T" || rc=$?\nif [ "$rc" -eq 124 ]; then echo late; fi\n',
            (("RA202", 3),),
        ),
        Example(
            "import os\nif os.system('gptme x') == 75:\n    pass\n",
            (("RA202", 2),),
            kind=FileKind.PYTHON,
            filename="example.py",
        ),
    )
    GOOD = (
        Example(
            '#!/bin/bash\ntimeout 60 gptme "$T" || rc=$?\n'
            'case "$rc" in 124) echo late ;; 75) echo wait ;; esac\n'
        ),
    )

    def check(self, unit: AgentUnit) -> Iterator[Finding]:
        """Yield a finding for each guard comparing with a code that cannot occur."""
        for guard in unit.agent_status().guards:
            message = self._message(guard)
            if message is not None:
                yield self.finding(unit, guard.start, guard.end, message[0], hint=message[1])

    def _message(self, guard: StatusGuard) -> tuple[str, str] | None:
        codes, label = guard.call.codes, guard.call.label
        if guard.wait_status:
            return (
                f"`os.system` returns a wait status, not `{label}`'s exit code: "
                f"{' or '.join(map(str, guard.codes))} is never compared as meant",
                "convert it with `os.waitstatus_to_exitcode()`, or use `subprocess.run`",
            )
        codes_compared = [code for code in guard.codes if code not in guard.stored]
        beyond = [code for code in guard.out_of_range if code not in guard.stored]
        if beyond:  # whatever the program: `exit 429` arrives as 429 % 256
            return (
                f"`{label}`'s status never equals {beyond[0]}: an exit status is 0 to 255 "
                f"(`exit {beyond[0]}` arrives as {beyond[0] % 256})",
                "compare with a code from 0 to 255, or read the failure from the output",
            )
        timed = codes.timeout_raises and not codes.unseen
        timed = timed and any(i.name == "timeout" for i in guard.intents)
        if not codes.documented and not (timed and 124 in codes_compared):
            return None  # an agent of unknown codes: only a time-out it cannot give as 124
        missing = [code for code in codes_compared if code != 0 and not codes.emits(code)]
        if not missing:
            return None
        code = 124 if timed and 124 in missing else missing[0]
        if code == 124 and codes.timeout_raises:
            return (
                f"`{label}` never returns 124 here: `subprocess.run(timeout=…)` raises "
                "`TimeoutExpired` when the time is up",
                "catch `subprocess.TimeoutExpired` instead",
            )
        if code == 124:
            return (
                f"`{label}` never exits 124 here: 124 comes from a `timeout` wrapper, "
                "and this invocation has none",
                "run the agent under `timeout DURATION`, or drop this branch",
            )
        return (
            f"`{label}` never exits {code}: its codes are {_known(codes)}",
            "compare with a code the agent documents",
        )
