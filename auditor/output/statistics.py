"""`--statistics`: findings per rule and severity, with how many have a fix, and a total.

A table for people (`text`, `concise`, `grouped`), like `ruff --statistics`, or
a JSON object for tools (`-f json`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from auditor.finding import Report
from auditor.output.escape import json_text, printable
from auditor.output.summary import CodeCount, code_counts, diagnostic_line

if TYPE_CHECKING:
    from auditor.output.summary import RuleClass

HEADER = ("Count", "Code", "Severity", "Fixable", "Name")
_RIGHT_ALIGNED = (True, False, False, True, False)


def rows(report: Report) -> list[CodeCount]:
    """Counts per code and severity, most frequent first."""
    return sorted(code_counts(report.findings), key=lambda row: (-row.findings, row.code))


def table(counted: list[CodeCount]) -> list[str]:
    """The header, one line per code and severity, and the total, in aligned columns."""
    lines: list[tuple[str, ...]] = [HEADER]
    for row in counted:
        cells = (str(row.findings), row.code, row.severity.value, str(row.fixable), row.name)
        lines.append(tuple(printable(cell) for cell in cells))
    total, fixable = sum(row.findings for row in counted), sum(row.fixable for row in counted)
    lines.append((str(total), "Total", "", str(fixable), ""))
    widths = [max(len(line[i]) for line in lines) for i in range(len(HEADER))]
    return [
        "  ".join(
            cell.rjust(width) if right else cell.ljust(width)
            for cell, width, right in zip(line, widths, _RIGHT_ALIGNED, strict=True)
        ).rstrip()
        for line in lines
    ]


def render(report: Report, rules: Sequence[RuleClass], *, color: bool = False) -> str:
    """The table, then the files not fully audited; empty when clean."""
    counted = rows(report)
    lines = table(counted) if counted else []
    lines.extend(printable(diagnostic_line(d)) for d in report.diagnostics)
    return "".join(f"{line}\n" for line in lines)


def document(report: Report) -> dict[str, Any]:
    """The statistics as a JSON-ready object: one entry per code and severity, and totals."""
    counted = rows(report)
    return {
        "statistics": [
            {
                "code": row.code,
                "name": row.name,
                "severity": row.severity.value,
                "count": row.findings,
                "fixable": row.fixable,
            }
            for row in counted
        ],
        "total": {
            "count": len(report.findings),
            "fixable": sum(row.fixable for row in counted),
        },
        "diagnostics": [
            {"path": d.path, "kind": d.kind.value, "message": d.message} for d in report.diagnostics
        ],
    }


def render_json(report: Report, rules: Sequence[RuleClass], *, color: bool = False) -> str:
    """The statistics as indented JSON (`--statistics -f json`)."""
    return json_text(document(report)) + "\n"
