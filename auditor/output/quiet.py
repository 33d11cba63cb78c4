"""`--quiet` for the formats read by people: the findings alone, no summary, no notes.

Each finding looks as it does in the full report of its format; only what comes
after the findings (the summary table, the counts, the notes on skipped files)
is left out, as `ruff check --quiet` leaves out its summary.
"""

from __future__ import annotations

from auditor.finding import Report
from auditor.output.concise import finding_line
from auditor.output.text import Painter, finding_block


def render(fmt: str, report: Report, *, color: bool = False) -> str:
    """The findings of `report` in the layout of `fmt` (`text` or `concise`)."""
    if fmt == "concise":
        return "".join(f"{finding_line(finding)}\n" for finding in report.findings)
    paint = Painter(color)
    lines: list[str] = []
    for finding in report.findings:
        lines += [*finding_block(paint, finding, report.sources.get(finding.path)), ""]
    return "".join(f"{line}\n" for line in lines)
