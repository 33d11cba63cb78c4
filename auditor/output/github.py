"""GitHub Actions workflow commands: one `::error file=...::message` line per finding.

The runner splits its log into lines and reads any line that starts with
`::` as a command, so every message is escaped the way the runner's own
toolkit escapes them: `%`, CR and LF in the message, and also `:` and `,` in
property values. Nothing from a finding can then start a line of its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from auditor.finding import Diagnostic, Finding, Report, Severity
from auditor.output.escape import printable

if TYPE_CHECKING:
    from auditor.output.summary import RuleClass

LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def escape_data(text: str) -> str:
    """Escape the message part of a workflow command."""
    # Other control characters become visible; CR and LF stay as escaped line breaks.
    text = printable(text, keep_newlines=True)
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """Escape a `key=value` property of a workflow command."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def command(level: str, properties: dict[str, str | int], message: str) -> str:
    """One workflow command line, properties in the given order."""
    props = ",".join(f"{key}={escape_property(str(value))}" for key, value in properties.items())
    return f"::{level} {props}::{escape_data(message)}"


def finding_command(finding: Finding) -> str:
    """The annotation for one finding."""
    message = finding.message if not finding.hint else f"{finding.message}\nhelp: {finding.hint}"
    return command(
        LEVEL[finding.severity],
        {
            "file": finding.path,
            "line": finding.span.start.line,
            "col": finding.span.start.column,
            "endLine": finding.span.end.line,
            "endColumn": finding.span.end.column,
            "title": f"{finding.code} {finding.name}",
        },
        message,
    )


def diagnostic_command(diagnostic: Diagnostic) -> str:
    """The annotation for a file runaudit could not (fully) audit."""
    level = "error" if diagnostic.is_error else "warning"
    title = f"runaudit {diagnostic.kind.value}"
    return command(level, {"file": diagnostic.path, "title": title}, diagnostic.message)


def render(report: Report, rules: Sequence[RuleClass], *, color: bool = False) -> str:
    """One workflow command per finding, then one per diagnostic."""
    lines = [finding_command(f) for f in report.findings]
    lines.extend(diagnostic_command(d) for d in report.diagnostics)
    return "".join(f"{line}\n" for line in lines)
