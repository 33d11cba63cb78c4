"""Concise output: one line per finding, `path:line:col: CODE [severity] [*] message`, like ruff's.

`[*]` marks a finding with a fix (`--fix`, or `--fix --unsafe-fixes` for an unsafe one).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from auditor.finding import Finding, Report
from auditor.output.escape import printable
from auditor.output.summary import diagnostic_line, headline, plural

if TYPE_CHECKING:
    from auditor.output.summary import RuleClass


def finding_line(f: Finding) -> str:
    """`path:line:col: CODE [severity] [*] message`, escaped."""
    return printable(f"{f.path}:{f.span.start.line}:{f.span.start.column}: {headline(f)}")


def render(report: Report, rules: Sequence[RuleClass], *, color: bool = False) -> str:
    """Findings one per line, then diagnostics, then a count; empty when clean."""
    lines = [finding_line(f) for f in report.findings]
    lines.extend(printable(diagnostic_line(d)) for d in report.diagnostics)
    if report.findings:
        lines.append(f"Found {plural(len(report.findings), 'finding')}.")
    return "".join(f"{line}\n" for line in lines)
