"""GitHub Actions workflow commands: one `::error file=...::message` line per finding.

The runner splits its log into lines and reads any line that starts with
`::` as a command, so every message is escaped the way the runner's own
toolkit escapes them: `%`, CR and LF in the message, and also `:` and `,` in
property values. Nothing from a finding can then start a line of its own.

GitHub shows at most 10 annotations of each level (error, warning, notice) for
one step and drops the rest, so only those are printed, followed by one notice
that says how many more there are and where to read them all (the job summary,
which `runaudit check -f github` fills when `GITHUB_STEP_SUMMARY` is set, or a
SARIF report). Files runaudit did not (fully) audit are notices, never warnings:
only its own failures are errors.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from auditor.finding import Diagnostic, Finding, Report, Severity
from auditor.output.escape import printable
from auditor.output.paths import as_from_source_root
from auditor.output.summary import fix_label, plural

if TYPE_CHECKING:
    from auditor.output.summary import RuleClass

LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}
ANNOTATIONS_PER_LEVEL = 10  # what GitHub shows of each level for one step


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
    return f"::{level}{' ' if props else ''}{props}::{escape_data(message)}"


def finding_command(finding: Finding) -> str:
    """The annotation for one finding."""
    message = finding.message if not finding.hint else f"{finding.message}\nhelp: {finding.hint}"
    if finding.fix is not None:  # as the text report shows it: `--fix` (and unsafe) applies it
        fix = finding.fix
        message += f"\n{fix_label(fix)}: {fix.description}"
    return command(
        LEVEL[finding.severity],
        {
            "file": as_from_source_root(finding.path),
            "line": finding.span.start.line,
            "col": finding.span.start.column,
            "endLine": finding.span.end.line,
            "endColumn": finding.span.end.column,
            "title": f"{finding.code} {finding.name}",
        },
        message,
    )


def diagnostic_level(diagnostic: Diagnostic) -> str:
    """`error` for runaudit's own failures; a skipped or undecodable file is a `notice`."""
    return "error" if diagnostic.is_error else "notice"


def diagnostic_command(diagnostic: Diagnostic) -> str:
    """The annotation for a file runaudit could not (fully) audit."""
    title = f"runaudit {diagnostic.kind.value}"
    return command(
        diagnostic_level(diagnostic),
        {"file": as_from_source_root(diagnostic.path), "title": title},
        diagnostic.message,
    )


def overflow_notice(findings: int, notes: int) -> str:
    """The notice that says how many annotations were left out, and where they are."""
    left_out = [plural(findings, "more finding")] if findings else []
    if notes:
        left_out.append(plural(notes, "more note") + " on files not fully audited")
    return command(
        "notice",
        {},
        f"runaudit: {' and '.join(left_out)} not shown as annotations (GitHub shows "
        f"{ANNOTATIONS_PER_LEVEL} of each level per step); the job summary lists them all, "
        "as does a SARIF report (`runaudit check --format sarif`)",
    )


def render(report: Report, rules: Sequence[RuleClass], *, color: bool = False) -> str:
    """Workflow commands for the findings, then the diagnostics, as many as GitHub shows."""
    commands = [(LEVEL[f.severity], finding_command(f), True) for f in report.findings]
    commands.extend((diagnostic_level(d), diagnostic_command(d), False) for d in report.diagnostics)
    room = dict.fromkeys(("error", "warning", "notice"), ANNOTATIONS_PER_LEVEL)
    if any(count > ANNOTATIONS_PER_LEVEL for count in Counter(c[0] for c in commands).values()):
        room["notice"] -= 1  # the notice that says so is one of them
    lines: list[str] = []
    findings_left_out = notes_left_out = 0
    for level, line, is_finding in commands:
        if room[level]:
            room[level] -= 1
            lines.append(line)
        elif is_finding:
            findings_left_out += 1
        else:
            notes_left_out += 1
    if findings_left_out or notes_left_out:
        lines.append(overflow_notice(findings_left_out, notes_left_out))
    return "".join(f"{line}\n" for line in lines)
