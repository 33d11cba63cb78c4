"""`--statistics`: one line per code, `count code name`, like `ruff --statistics`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from auditor.finding import Report
from auditor.output.escape import printable
from auditor.output.summary import code_counts, diagnostic_line

if TYPE_CHECKING:
    from auditor.output.summary import RuleClass


def render(report: Report, rules: Sequence[RuleClass], *, color: bool = False) -> str:
    """Counts per code, most frequent first; diagnostics after; empty when clean."""
    counts = sorted(code_counts(report.findings), key=lambda c: (-c.count, c.code))
    lines: list[str] = []
    if counts:
        count_width = max(len(str(c.count)) for c in counts)
        code_width = max(len(c.code) for c in counts)
        for c in counts:
            lines.append(
                f"{c.count:>{count_width}}  {printable(c.code):<{code_width}}  {printable(c.name)}"
            )
    lines.extend(printable(diagnostic_line(d)) for d in report.diagnostics)
    return "".join(f"{line}\n" for line in lines)
