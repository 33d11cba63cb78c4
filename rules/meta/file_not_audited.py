"""RA901 file-not-audited."""

from __future__ import annotations

from collections.abc import Iterator

from auditor.finding import Finding, Severity
from auditor.kinds import Host
from auditor.rule import Example, Rule
from auditor.unit import NotAuditedUnit

# A pipeline of this many stages is past the shell parser's bound (see `shell/shape.py`).
_LONG_PIPELINE = "#!/bin/bash\n" + "a|" * 1_500 + "a\n"


class FileNotAudited(Rule[NotAuditedUnit]):
    """A file runaudit was asked to audit and could not.

    ## What it does
    Reports a file that was not audited, and why: its analysis ran past the
    per-file time bound (`--timeout`, or `timeout` in config); it is larger than
    `max-file-size`; it holds a shape the shell parser reads in superlinear time
    (a pipeline of thousands of stages, thousands of unclosed array openings), or
    more shell words and operators than its tree and analysis hold in a few hundred
    MiB (600 KB of `a;a;…`; a real script at the default `max-file-size` holds fewer),
    or its analysis ran out of memory; it cannot be read (permissions); or a path
    named on the command line does not exist or vanished during the run. The
    message names the reason and the option that changes it.

    A file no one named and that is not a runner file is never reported; a
    FIFO, device or link out of the tree is skipped on purpose (a diagnostic,
    not a finding). A file whose values outgrow their bounds (one value past
    128 KiB, or 64 MiB of values in all) is not reported: it is audited, with
    those values unknown, as values that depend on the run are.

    ## Why is this bad?
    A runner file nobody audited is a gap in the gate: its real findings are
    hidden from CI while the run looks clean. Severity is error so the gate
    fails unless someone decides otherwise, for that path
    (`per-file-ignores = {"generated/*.sh" = ["RA901"]}`).

    ## Example
    ```bash
    runaudit check --timeout 1 scripts/huge-generated.sh
    ```

    ## Use instead
    ```bash
    runaudit check --timeout 60 scripts/huge-generated.sh
    ```

    ## References
    - runaudit's README, "Security model" and "Bounds"
    """

    code = "RA901"
    name = "file-not-audited"
    severity = Severity.ERROR
    tags = ("analysis",)
    precision = "very-high"
    hosts = frozenset({Host.NOT_AUDITED})

    BAD = (Example(_LONG_PIPELINE, (("RA901", 1),)),)
    GOOD = (Example("#!/bin/bash\n" + "a|" * 50 + "a\n"),)

    def check(self, unit: NotAuditedUnit) -> Iterator[Finding]:
        """Yield the one finding that says why the file was not audited."""
        yield self.finding(unit, 0, 0, f"file not audited: {unit.reason}")
