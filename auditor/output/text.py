"""The default, human output: each finding with its snippet, then a summary table.

Everything that comes from the audited code or the file system goes through
`printable` before it is placed, so terminal escapes in a file cannot change
what the reader sees; colour is added around that text as SGR codes, only
when asked. No rich here: importing it cost more than a pre-commit run on
one file should take, and this layout needs only columns and colours.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from auditor.finding import Applicability, Diagnostic, Finding, Report, Severity
from auditor.output.escape import printable
from auditor.output.snippet import gutter_width, snippet
from auditor.output.summary import (
    code_counts,
    diagnostic_line,
    fix_sentence,
    found_sentence,
    suppressed_sentence,
)

if TYPE_CHECKING:
    from auditor.output.summary import RuleClass

SEVERITY_STYLE = {
    Severity.ERROR: "bold red",
    Severity.WARNING: "bold yellow",
    Severity.INFO: "bold cyan",
}
GUTTER_STYLE = "bold blue"
_SGR = {"bold": "1", "red": "31", "green": "32", "yellow": "33", "blue": "34", "cyan": "36"}
_TABLE_GAP = "   "


class Painter:
    """Styles text with terminal colours, or leaves it plain."""

    def __init__(self, color: bool) -> None:
        self.color = color

    def __call__(self, text: str, style: str = "") -> str:
        if not self.color or not style or not text:
            return text
        return f"\x1b[{';'.join(_SGR[word] for word in style.split())}m{text}\x1b[0m"


def location(paint: Painter, path: str, line: int, column: int) -> str:
    """`path:line:col`, the path escaped."""
    return paint(printable(path), "bold") + f":{line}:{column}"


def snippet_lines(paint: Painter, finding: Finding, source: str | None, style: str) -> list[str]:
    """The flagged source lines with their carets, between gutter rules; empty without source."""
    lines = snippet(source, finding.span)
    if not lines:
        return []
    width = gutter_width(lines)
    rule = paint(" " * width + " |", GUTTER_STYLE)
    out = [rule]
    for line in lines:
        if line is None:
            out.append(paint("." * width + " |", GUTTER_STYLE) + " ...")
            continue
        out.append(paint(f"{line.number:>{width}} |", GUTTER_STYLE) + " " + line.text)
        if line.caret_width:
            carets = paint(" " * line.caret_start + "^" * line.caret_width, style)
            out.append(rule + " " + carets)
    out.append(rule)
    return out


def finding_block(paint: Painter, finding: Finding, source: str | None) -> list[str]:
    """The lines that show one finding: header, snippet, help, fix and related notes."""
    style = SEVERITY_STYLE[finding.severity]
    start = finding.span.start
    header = (
        location(paint, finding.path, start.line, start.column)
        + ": "
        + paint(printable(finding.code), style)
        + " "
        + paint(f"[{finding.severity.value}]", style)
        + " "
        + printable(finding.message)
    )
    block = [header, *snippet_lines(paint, finding, source, style)]
    notes: list[str] = []
    if finding.hint:
        notes.append(paint("help", "bold") + ": " + printable(finding.hint))
    if finding.fix:
        label = "fix available"
        if finding.fix.applicability is Applicability.UNSAFE:
            label += " (unsafe)"
        notes.append(paint(label, "bold green") + ": " + printable(finding.fix.description))
    for related in finding.related:
        start = related.span.start
        where = location(paint, related.path, start.line, start.column)
        notes.append(paint("related", "bold") + ": " + where + ": " + printable(related.message))
    block.extend("  = " + note for note in notes)
    return block


def summary_table(paint: Painter, report: Report) -> list[str]:
    """Findings per code, name and severity: a header, a rule, one row per code."""
    header = ("Code", "Name", "Severity", "Count")
    rows = [
        (
            printable(row.code),
            printable(row.name),
            row.severity.value,
            str(row.findings),
            row.severity,
        )
        for row in code_counts(report.findings)
    ]
    widths = [max(len(header[i]), *(len(row[i]) for row in rows)) for i in range(4)]

    def line(cells: tuple[str, str, str, str], severity: Severity | None) -> str:
        # The header is bold; a row shows its code and severity in the severity's colour.
        style = SEVERITY_STYLE[severity] if severity is not None else "bold"
        plain = "" if severity is not None else style
        code, name, level, count = cells
        return _TABLE_GAP.join(
            (
                paint(code.ljust(widths[0]), style),
                paint(name.ljust(widths[1]), plain),
                paint(level.ljust(widths[2]), style),
                paint(count.rjust(widths[3]), plain),
            )
        )

    rule = "\u2500" * (sum(widths) + len(_TABLE_GAP) * 3)
    return [line(header, None), rule, *(line(row[:4], row[4]) for row in rows)]


def diagnostic_text(paint: Painter, diagnostic: Diagnostic) -> str:
    """`path: kind: message`, internal errors in red."""
    style = "bold red" if diagnostic.is_error else "yellow"
    return paint(printable(diagnostic_line(diagnostic)), style)


def render(report: Report, rules: Sequence[RuleClass], *, color: bool = False) -> str:
    """The full human report."""
    paint = Painter(color)
    lines: list[str] = []
    for finding in report.findings:
        lines.extend(finding_block(paint, finding, report.sources.get(finding.path)))
        lines.append("")
    if report.findings:
        lines.extend(summary_table(paint, report))
        lines.append("")
    lines.append(paint(found_sentence(report), "bold"))
    lines.extend(extra for extra in (fix_sentence(report), suppressed_sentence(report)) if extra)
    lines.extend(diagnostic_text(paint, diagnostic) for diagnostic in report.diagnostics)
    return "".join(f"{line}\n" for line in lines)
