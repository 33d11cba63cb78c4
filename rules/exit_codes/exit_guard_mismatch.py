"""RA201 exit-guard-mismatch."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from auditor.finding import Finding, Severity
from auditor.kinds import FileKind, Host
from auditor.rule import Example, Rule

if TYPE_CHECKING:  # the analysis loads when a file needs it, not with the rule
    from auditor.agent_status import AgentUnit, StatusGuard


def describe_codes(guard: StatusGuard) -> str:
    """`1 (generic or unclassified failure)` or `1 or 2`, for messages."""
    parts = []
    for code in guard.codes:
        meaning = guard.call.codes.meaning(code)
        parts.append(f"{code} ({meaning})" if meaning else str(code))
    return " or ".join(parts)


class ExitGuardMismatch(Rule["AgentUnit"]):
    """A guard on the agent's status tests a code the agent does not use for that condition.

    ## What it does
    Reads what a guard on an agent's exit status is about from words in its
    condition and guarded body (`429`, `rate limit`, `quota`: a rate limit;
    `401`, `403`, `auth`: an authentication error; `404`, `503`,
    `unavailable`: an unavailable model; `timeout`: a `timeout` wrapper's
    124) and compares it with the code the agent's profile (and the wrappers
    present) uses for that condition.

    ## Why is this bad?
    `if [ "$EXIT_CODE" -eq 1 ] && grep -q 429 "$ERR"` never sees a rate
    limit when gptme exits 75 (EX_TEMPFAIL) for one: the resume path that
    should wait and retry never runs, and a rate-limited run is handled as a
    generic failure.

    ## Example
    ```bash
    gptme --non-interactive "$TASK" 2>"$ERR" || EXIT_CODE=$?
    if [ "$EXIT_CODE" -eq 1 ] && grep -q 429 "$ERR"; then
        sleep 600; resume
    fi
    ```

    ## Use instead
    ```bash
    gptme --non-interactive "$TASK" 2>"$ERR" || EXIT_CODE=$?
    if [ "$EXIT_CODE" -eq 75 ]; then
        sleep 600; resume
    fi
    ```

    ## References
    - gptme's exit codes: 75 rate limit (EX_TEMPFAIL), 76 auth, 77 model unavailable
    - sysexits(3)
    """

    code = "RA201"
    name = "exit-guard-mismatch"
    severity = Severity.ERROR
    tags = ("reliability", "exit-codes")
    hosts = frozenset({Host.SHELL, Host.PYTHON})
    prefilter_agents = True

    BAD = (
        Example(
            '#!/bin/bash\ngptme "$T" 2>"$ERR" || EXIT_CODE=$?\n'
            'if [ "$EXIT_CODE" -eq 1 ] && grep -q 429 "$ERR"; then sleep 60; fi\n',
            (("RA201", 3),),
        ),
        Example(
            "import subprocess\nr = subprocess.run(['gptme', 'x'], capture_output=True)\n"
            "if r.returncode == 1 and '429' in r.stderr.decode():\n    pass\n",
            (("RA201", 3),),
            kind=FileKind.PYTHON,
            filename="example.py",
        ),
    )
    GOOD = (
        Example(
            '#!/bin/bash\ngptme "$T" || EXIT_CODE=$?\n'
            'if [ "$EXIT_CODE" -eq 75 ]; then echo "rate limited (429)"; fi\n'
        ),
    )

    def check(self, unit: AgentUnit) -> Iterator[Finding]:
        """Yield a finding for each guard whose codes miss the intent it is written for."""
        catalog = unit.catalog
        for guard in unit.agent_status().guards:
            codes = guard.call.codes
            if not guard.equality or not codes.documented or guard.wait_status:
                continue
            if set(guard.codes) <= set(guard.stored):
                continue  # the variable may hold another program's status, or the runner's
            if len(guard.intents) != 1 or not all(codes.emits(c) for c in guard.codes):
                continue
            intent = guard.intents[0]
            right = codes.codes_for(intent, catalog)
            if not right or any(code in right for code in guard.codes):
                continue
            shown = " or ".join(str(code) for code in right)
            meanings = "; ".join(f"{code}: {codes.meaning(code)}" for code in right)
            yield self.finding(
                unit,
                guard.start,
                guard.end,
                f"`{guard.call.label}` exits {shown} on {intent.phrase}; "
                f"this guard waits for {describe_codes(guard)}",
                hint=f"compare with {shown} ({meanings})",
            )
