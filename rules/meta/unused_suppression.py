"""RA001 unused-suppression."""

from __future__ import annotations

from collections.abc import Iterator

from auditor.finding import Finding, Severity
from auditor.kinds import Host
from auditor.rule import Example, Rule
from auditor.unit import SuppressionUnit


class UnusedSuppression(Rule[SuppressionUnit]):
    """A suppression comment that suppresses nothing.

    ## What it does
    Reports a `# runaudit: ignore[CODE]` (or `ignore-file[CODE]`) comment
    whose code matched no finding on the lines it covers, or names a code
    that no rule has; a `# runaudit: ignore` that names no codes (codes are
    required); an `ignore-file[CODE]` below the file's first comment
    block, where it does not apply; and a comment in another form
    (`# runaudit disable=RA101`, `# runaudit: disable=RA101`), naming the
    form runaudit reads.

    ## Why is this bad?
    A stale suppression hides the next real finding on that line, and an
    unknown code (a typo such as `RA110`), a bare `# runaudit: ignore` or a
    misplaced `ignore-file` suppresses nothing at all while looking as if it
    did.

    ## Example
    ```bash
    set -euo pipefail
    gptme "$PROMPT" | tee log  # runaudit: ignore[RA101]
    ```

    ## Use instead
    ```bash
    set -euo pipefail
    gptme "$PROMPT" | tee log
    ```

    ## References
    - ruff RUF100 (unused `noqa` directive)
    """

    code = "RA001"
    name = "unused-suppression"
    severity = Severity.INFO
    tags = ("maintainability", "suppressions")
    precision = "very-high"
    hosts = frozenset({Host.SUPPRESSIONS})

    BAD = (
        Example(
            "#!/bin/bash\nset -euo pipefail\ngptme x | tee log  # runaudit: ignore[RA101]\n",
            (("RA001", 3),),
        ),
        Example("#!/bin/bash\nset -e\ngptme x | tee log  # runaudit: ignore\n", (("RA001", 3),)),
        Example(
            "#!/bin/bash\nset -e\n# runaudit: ignore-file[RA101]\ngptme x | tee log\n",
            (("RA001", 3),),
        ),
        Example(
            "#!/bin/bash\nset -e\ngptme x | tee log  # runaudit: disable=RA101\n",
            (("RA001", 3),),
        ),
    )
    GOOD = (Example("#!/bin/bash\nset -e\ngptme x | tee log  # runaudit: ignore[RA101]\n"),)

    def check(self, unit: SuppressionUnit) -> Iterator[Finding]:
        """Yield a finding for each suppression code that matched nothing, and for each
        comment that cannot suppress anything."""
        for suppression in unit.ineffective:
            kind = "file-level suppression" if suppression.file_level else "suppression"
            if suppression.right_form:
                written = unit.source.text[suppression.start : suppression.end]
                yield self.finding(
                    unit,
                    suppression.start,
                    suppression.end,
                    f"`{written}` is not a form runaudit reads, so it suppresses nothing",
                    hint=f"write it as `{suppression.right_form}`",
                )
            elif not suppression.codes:
                directive = "ignore-file" if suppression.file_level else "ignore"
                yield self.finding(
                    unit,
                    suppression.start,
                    suppression.end,
                    f"{kind} names no rule codes, so it suppresses nothing (codes are required)",
                    hint=f"name the rules it is for: `# runaudit: {directive}[RA101]`",
                )
            else:
                yield self.finding(
                    unit,
                    suppression.start,
                    suppression.end,
                    f"{kind} below the file's first comment block suppresses nothing",
                    hint="move it into the comment lines at the top of the file",
                )
        for suppression, codes in unit.unused:
            unknown = [code for code in codes if code not in unit.known_codes]
            stale = [code for code in codes if code in unit.known_codes]
            parts = []
            if stale:
                parts.append(f"{_codes(stale)} matched no finding here")
            if unknown:
                parts.append(f"{_codes(unknown)} is not a runaudit rule")
            kind = "file-level suppression" if suppression.file_level else "suppression"
            yield self.finding(
                unit,
                suppression.start,
                suppression.end,
                f"unused {kind}: " + "; ".join(parts),
                hint="remove the code from the comment (or the whole comment)",
            )


def _codes(codes: list[str]) -> str:
    return ", ".join(f"`{code}`" for code in codes)
