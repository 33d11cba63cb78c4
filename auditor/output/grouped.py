"""Grouped output: each file's name, then its findings one per line, like ruff's
`--output-format grouped`; then the sentence the text format ends with.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from auditor.finding import Finding, Report
from auditor.output.escape import printable
from auditor.output.summary import (
    by_path,
    diagnostic_line,
    fix_sentence,
    found_sentence,
    headline,
    suppressed_sentence,
)

if TYPE_CHECKING:
    from auditor.output.summary import RuleClass


def file_group(path: str, findings: list[Finding]) -> list[str]:
    """`path:` and one indented `line:col CODE [severity] message` per finding, colons aligned."""
    line_width = max(len(str(f.span.start.line)) for f in findings)
    column_width = max(len(str(f.span.start.column)) for f in findings)
    rows = [
        f"  {f.span.start.line:>{line_width}}:{f.span.start.column:<{column_width}} "
        + printable(headline(f))
        for f in findings
    ]
    return [f"{printable(path)}:", *rows, ""]


def render(report: Report, rules: Sequence[RuleClass], *, color: bool = False) -> str:
    """Findings under their file, then the counts, then the files not fully audited."""
    lines: list[str] = []
    for path, findings in by_path(report.findings).items():
        lines.extend(file_group(path, findings))
    lines.append(found_sentence(report))
    lines.extend(extra for extra in (fix_sentence(report), suppressed_sentence(report)) if extra)
    lines.extend(printable(diagnostic_line(d)) for d in report.diagnostics)
    return "".join(f"{line}\n" for line in lines)
