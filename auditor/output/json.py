"""JSON output, schema version 1 (`auditor/output/json_schema.json` documents it).

The version changes whenever a field is removed, renamed or changes meaning,
or is added (the schema forbids unknown fields, so consumers validating
against it see every change).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from auditor import __version__
from auditor.finding import Finding, Position, Report, Span
from auditor.output.escape import json_text
from auditor.output.summary import by_path, severity_counts

if TYPE_CHECKING:
    from auditor.output.summary import RuleClass

SCHEMA_VERSION = 1


def _position(position: Position) -> dict[str, int]:
    return {"line": position.line, "column": position.column}


def _span(span: Span) -> dict[str, dict[str, int]]:
    return {"start": _position(span.start), "end": _position(span.end)}


def _finding(finding: Finding, urls: dict[str, str]) -> dict[str, Any]:
    fix = None
    if finding.fix is not None:
        fix = {
            "applicability": finding.fix.applicability.value,
            "description": finding.fix.description,
            "edits": [
                {"start_offset": e.start_offset, "end_offset": e.end_offset, "content": e.content}
                for e in finding.fix.edits
            ],
        }
    return {
        "path": finding.path,
        "code": finding.code,
        "name": finding.name,
        "severity": finding.severity.value,
        "message": finding.message,
        "hint": finding.hint,
        "url": finding.url or urls.get(finding.code, ""),
        **_span(finding.span),
        "fix": fix,
        "related": [
            {"path": r.path, **_span(r.span), "message": r.message} for r in finding.related
        ],
    }


def document(report: Report, rules: Sequence[RuleClass]) -> dict[str, Any]:
    """The report as the JSON-ready object the schema describes."""
    urls = {rule.code: rule.url() for rule in rules}
    counts = severity_counts(report.findings)
    return {
        "version": SCHEMA_VERSION,
        "tool": {"name": "runaudit", "version": __version__},
        "findings": [_finding(f, urls) for f in report.findings],
        "diagnostics": [
            {"path": d.path, "kind": d.kind.value, "message": d.message} for d in report.diagnostics
        ],
        "summary": {
            "files": report.files_checked,
            "files_with_findings": len(by_path(report.findings)),
            "findings": len(report.findings),
            "by_severity": {severity.value: count for severity, count in counts.items()},
            "suppressed": report.suppressed,
        },
    }


def render(report: Report, rules: Sequence[RuleClass], *, color: bool = False) -> str:
    """The report as indented JSON, keys in declared order."""
    return json_text(document(report, rules)) + "\n"
