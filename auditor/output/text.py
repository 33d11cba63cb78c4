"""The default, human output: each finding with its snippet, then a summary table.

Everything that comes from the audited code or the file system goes into rich
`Text` objects (never markup strings) after `printable`, so neither rich markup
nor terminal escapes in a file can change what the reader sees.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

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

WIDTH = 100
SEVERITY_STYLE = {
    Severity.ERROR: "bold red",
    Severity.WARNING: "bold yellow",
    Severity.INFO: "bold cyan",
}
GUTTER_STYLE = "bold blue"


def make_console(buffer: io.StringIO, color: bool) -> Console:
    """A console writing to `buffer`, colour only when asked, no markup or emoji codes."""
    return Console(
        file=buffer,
        force_terminal=color,
        no_color=not color,
        color_system="standard" if color else None,
        width=WIDTH,
        highlight=False,
        markup=False,
        emoji=False,
        legacy_windows=False,
    )


def location(path: str, line: int, column: int) -> Text:
    """`path:line:col`, the path escaped."""
    return Text.assemble((printable(path), "bold"), f":{line}:{column}")


def snippet_lines(finding: Finding, source: str | None, style: str) -> list[Text]:
    """The flagged source lines with their carets, between gutter rules; empty without source."""
    lines = snippet(source, finding.span)
    if not lines:
        return []
    width = gutter_width(lines)
    rule = Text.assemble((" " * width + " |", GUTTER_STYLE))
    out = [rule]
    for line in lines:
        if line is None:
            out.append(Text.assemble(("." * width + " |", GUTTER_STYLE), " ..."))
            continue
        number = (f"{line.number:>{width}} |", GUTTER_STYLE)
        out.append(Text.assemble(number, " ", line.text))
        if line.caret_width:
            carets = (" " * line.caret_start + "^" * line.caret_width, style)
            out.append(Text.assemble((" " * width + " |", GUTTER_STYLE), " ", carets))
    out.append(rule)
    return out


def finding_block(finding: Finding, source: str | None) -> list[Text]:
    """The lines that show one finding: header, snippet, help, fix and related notes."""
    style = SEVERITY_STYLE[finding.severity]
    start = finding.span.start
    header = Text.assemble(
        location(finding.path, start.line, start.column),
        ": ",
        (printable(finding.code), style),
        " ",
        (f"[{finding.severity.value}]", style),
        " ",
        printable(finding.message),
    )
    block = [header, *snippet_lines(finding, source, style)]
    notes: list[Text] = []
    if finding.hint:
        notes.append(Text.assemble(("help", "bold"), ": ", printable(finding.hint)))
    if finding.fix:
        label = "fix available"
        if finding.fix.applicability is Applicability.UNSAFE:
            label += " (unsafe)"
        notes.append(Text.assemble((label, "bold green"), ": ", printable(finding.fix.description)))
    for related in finding.related:
        where = location(related.path, related.span.start.line, related.span.start.column)
        notes.append(
            Text.assemble(("related", "bold"), ": ", where, ": ", printable(related.message))
        )
    block.extend(Text.assemble("  = ", note) for note in notes)
    return block


def summary_table(report: Report) -> Table:
    """Findings per code, name and severity."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column("Code")
    table.add_column("Name")
    table.add_column("Severity")
    table.add_column("Count", justify="right")
    for row in code_counts(report.findings):
        style = SEVERITY_STYLE[row.severity]
        table.add_row(
            Text(printable(row.code), style),
            Text(printable(row.name)),
            Text(row.severity.value, style),
            Text(str(row.count)),
        )
    return table


def diagnostic_text(diagnostic: Diagnostic) -> Text:
    """`path: kind: message`, internal errors in red."""
    style = "bold red" if diagnostic.is_error else "yellow"
    return Text(printable(diagnostic_line(diagnostic)), style)


def render(report: Report, rules: Sequence[RuleClass], *, color: bool = False) -> str:
    """The full human report."""
    buffer = io.StringIO()
    console = make_console(buffer, color)

    def emit(text: Text) -> None:
        # soft_wrap: never wrap or crop, so carets stay under their columns.
        console.print(text, soft_wrap=True)

    for finding in report.findings:
        for line in finding_block(finding, report.sources.get(finding.path)):
            emit(line)
        emit(Text())
    if report.findings:
        console.print(summary_table(report))
        emit(Text())
    emit(Text(found_sentence(report), "bold"))
    for extra in (fix_sentence(report), suppressed_sentence(report)):
        if extra:
            emit(Text(extra))
    for diagnostic in report.diagnostics:
        emit(diagnostic_text(diagnostic))
    return buffer.getvalue()
