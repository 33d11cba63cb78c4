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
    per_code: dict[tuple[str, str], int] = {}
    for row in code_counts(report.findings):
        per_code[(row.code, row.name)] = per_code.get((row.code, row.name), 0) + row.findings
    counts = sorted(per_code.items(), key=lambda item: (-item[1], item[0][0]))
    lines: list[str] = []
    if counts:
        count_width = max(len(str(count)) for _, count in counts)
        code_width = max(len(code) for (code, _), _ in counts)
        for (code, name), count in counts:
            lines.append(
                f"{count:>{count_width}}  {printable(code):<{code_width}}  {printable(name)}"
            )
    lines.extend(printable(diagnostic_line(d)) for d in report.diagnostics)
    return "".join(f"{line}\n" for line in lines)
