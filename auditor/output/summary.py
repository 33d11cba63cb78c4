"""Counts and sentences shared by the renderers: per code, per severity, per file."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from auditor.finding import Applicability, Diagnostic, Finding, Fix, Report, Severity

if TYPE_CHECKING:
    from typing import TypeAlias

    from auditor.rule import Rule

    # What renderers receive: the rule classes enabled in the run.
    RuleClass: TypeAlias = type[Rule[Any]]

SEVERITIES = (Severity.ERROR, Severity.WARNING, Severity.INFO)


class CodeCount(NamedTuple):
    """How often one rule fired in a run."""

    code: str
    name: str
    severity: Severity
    findings: int  # how many it reported (`count` would shadow the tuple method)
    fixable: int  # how many of those have a fix


def plural(count: int, word: str) -> str:
    """`1 finding`, `2 findings`."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def severity_counts(findings: list[Finding]) -> dict[Severity, int]:
    """Findings per severity, worst first, every severity present."""
    counts = dict.fromkeys(SEVERITIES, 0)
    for finding in findings:
        counts[finding.severity] += 1
    return counts


def code_counts(findings: list[Finding]) -> list[CodeCount]:
    """Findings per code and severity (RA101 is an error or a warning), worst first per code."""
    names: dict[str, str] = {}
    counts: dict[tuple[str, Severity], int] = {}
    fixable: dict[tuple[str, Severity], int] = {}
    for finding in findings:
        names.setdefault(finding.code, finding.name)
        key = (finding.code, finding.severity)
        counts[key] = counts.get(key, 0) + 1
        fixable[key] = fixable.get(key, 0) + (finding.fix is not None)
    return [
        CodeCount(code, names[code], severity, counts[(code, severity)], fixable[(code, severity)])
        for code, severity in sorted(counts, key=lambda key: (key[0], -key[1].rank))
    ]


def headline(finding: Finding) -> str:
    """`RA101 [error] [*] message`: `[*]` marks a finding with a fix, as ruff marks it
    (not yet escaped)."""
    mark = " [*]" if finding.fix is not None else ""
    return f"{finding.code} [{finding.severity.value}]{mark} {finding.message}"


def by_path(findings: list[Finding]) -> dict[str, list[Finding]]:
    """Findings grouped by file, files in order of first appearance."""
    groups: dict[str, list[Finding]] = {}
    for finding in findings:
        groups.setdefault(finding.path, []).append(finding)
    return groups


def found_sentence(report: Report) -> str:
    """`Found 3 findings (1 error, 2 warnings, 0 infos) in 2 of 5 files.` or all passed."""
    checked = report.files_checked
    if not report.findings:
        return f"All checks passed! ({plural(checked, 'file')} checked)"
    counts = severity_counts(report.findings)
    parts = ", ".join(plural(counts[severity], severity.value) for severity in SEVERITIES)
    files = len(by_path(report.findings))
    where = f"{files} of {plural(checked, 'file')}" if checked >= files else plural(files, "file")
    return f"Found {plural(len(report.findings), 'finding')} ({parts}) in {where}."


def fix_sentence(report: Report) -> str | None:
    """How many findings `--fix` (and `--unsafe-fixes`) would fix, if any."""
    safe = sum(1 for f in report.findings if f.fix and f.fix.applicability is Applicability.SAFE)
    unsafe = sum(
        1 for f in report.findings if f.fix and f.fix.applicability is Applicability.UNSAFE
    )
    if not safe and not unsafe:
        return None
    if not unsafe:
        return f"{safe} fixable with --fix."
    if not safe:
        return f"{unsafe} fixable with --fix --unsafe-fixes."
    return f"{safe} fixable with --fix ({unsafe} more with --unsafe-fixes)."


def suppressed_sentence(report: Report) -> str | None:
    """How many findings inline suppressions hid, if any."""
    if not report.suppressed:
        return None
    return f"{plural(report.suppressed, 'finding')} suppressed."


def diagnostic_line(diagnostic: Diagnostic) -> str:
    """`path: skipped: message` (not yet escaped)."""
    return f"{diagnostic.path}: {diagnostic.kind.value}: {diagnostic.message}"


def fix_label(fix: Fix) -> str:
    """How every format names a fix: "fix available", "(unsafe)" when it changes behaviour."""
    unsafe = fix.applicability is Applicability.UNSAFE
    return "fix available (unsafe)" if unsafe else "fix available"
