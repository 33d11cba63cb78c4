"""SARIF 2.1.0 output, for GitHub code scanning and other SARIF viewers.

Columns count Unicode code points (`columnKind: unicodeCodePoints`), end
columns are exclusive as SARIF's are, and paths are URIs relative to the
`%SRCROOT%` base, the top level of the git repository runaudit ran in (else
the directory it ran in), so a run from a subdirectory uploads paths GitHub
can place (a file outside it gets an absolute `file:` URI). Each result
carries the baseline's fingerprint of its flagged text as
`primaryLocationLineHash`, so GitHub code scanning matches it across runs when
lines move, also for an upload that skips `upload-sarif`.
A result's message links its related locations (`[text](1)`).
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from auditor import __version__
from auditor.baseline import entries
from auditor.finding import Diagnostic, DiagnosticKind, Finding, Report, Severity, Span
from auditor.output.escape import json_text
from auditor.output.paths import from_source_root

if TYPE_CHECKING:
    from auditor.output.summary import RuleClass

SCHEMA_URI = (
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
)
INFORMATION_URI = "https://github.com/runaudit/runaudit"
SRCROOT = "%SRCROOT%"
LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
NOTIFICATION_LEVEL = {
    DiagnosticKind.INTERNAL: "error",
    DiagnosticKind.UNREADABLE: "warning",
    DiagnosticKind.DECODING: "warning",
    DiagnosticKind.SKIPPED: "note",
}


# Text a plain-text message would show as an embedded link, and what escapes in link text.
_LINK_LIKE = re.compile(r"\[([^\[\]]*)\]\((\d+)\)")
_LINK_TEXT_SPECIAL = re.compile(r"([\\\[\]])")


def artifact_location(path: str) -> dict[str, str]:
    """A percent-encoded URI for `path`: relative to `%SRCROOT%` (the top of the git
    repository runaudit ran in, else the working folder) when the file is inside it,
    however `path` was given; else an absolute `file:` URI."""
    posix = from_source_root(path)
    if posix is None:
        return {"uri": Path(os.path.abspath(path)).as_uri()}
    # surrogateescape gives back the undecodable bytes of a file name.
    uri = quote(posix.encode("utf-8", "surrogateescape"), safe="/")
    return {"uri": uri, "uriBaseId": SRCROOT}


def _region(span: Span) -> dict[str, int]:
    return {
        "startLine": span.start.line,
        "startColumn": span.start.column,
        "endLine": span.end.line,
        "endColumn": span.end.column,
    }


def _physical(path: str, span: Span) -> dict[str, Any]:
    return {
        "physicalLocation": {"artifactLocation": artifact_location(path), "region": _region(span)}
    }


def _descriptor(rule: RuleClass) -> dict[str, Any]:
    summary = rule.summary() or rule.name
    markdown = "\n\n".join(part for part in (summary, rule.facts(), rule.documentation()) if part)
    descriptor: dict[str, Any] = {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": plain_text(summary)},
        # Plain text, one paragraph: GitHub shows it raw. The Markdown is `help.markdown`.
        "fullDescription": {"text": plain_text(_what_it_does(rule.documentation()) or summary)},
        "help": {"text": plain_text(markdown, paragraphs=True), "markdown": markdown},
        # A rule whose findings vary in level gives its highest; each result has its own.
        "defaultConfiguration": {"level": LEVEL[rule.severity_range()[0]]},
        "properties": {
            "severities": [severity.value for severity in rule.severity_range()],
            "tags": list(rule.tags),
            "precision": rule.precision,
            "fixable": rule.fixable,
        },
    }
    if rule.url():
        descriptor["helpUri"] = rule.url()
    return descriptor


_MARKUP = re.compile(r"(?m)^#+ |^```\w*$|\*\*|`")


def plain_text(markdown: str, *, paragraphs: bool = False) -> str:
    """Markdown as plain text: no heading marks, code fences, emphasis or backticks; one
    paragraph (whitespace joined), unless `paragraphs` keeps the lines as they are."""
    text = _MARKUP.sub("", markdown)
    return text if paragraphs else " ".join(text.split())


def _what_it_does(documentation: str) -> str:
    """The first paragraph of a rule's *What it does* section (else of its documentation)."""
    sections = re.split(r"(?m)^#+ .*$", documentation)
    body = next((part for part in sections if part.strip()), "")
    match = re.search(r"(?ms)^#+ What it does\s*$(.*?)(?=^#+ |\Z)", documentation)
    if match:
        body = match[1]
    return next((p for p in re.split(r"\n\s*\n", body) if p.strip()), "")


def _fallback_descriptor(finding: Finding) -> dict[str, Any]:
    """A descriptor for a code the run's rule list lacks (e.g. the engine's parse errors)."""
    descriptor: dict[str, Any] = {
        "id": finding.code,
        "name": finding.name,
        "shortDescription": {"text": finding.name},
        "defaultConfiguration": {"level": LEVEL[finding.severity]},
    }
    if finding.url:
        descriptor["helpUri"] = finding.url
    return descriptor


def _not_a_link(text: str) -> str:
    """`text` with what a viewer would take for a link to a location escaped, so it stays text."""
    return _LINK_LIKE.sub(r"\\[\1\\](\2)", text)


def _link(text: str, location_id: int) -> str:
    """An embedded link to a related location; `\\`, `[` and `]` in its text escaped."""
    escaped = _LINK_TEXT_SPECIAL.sub(r"\\\1", text)
    return f"[{escaped}]({location_id})"


def _message_text(finding: Finding) -> str:
    """The message, its hint, and a link to each related location (`[text](1)`)."""
    lines = [_not_a_link(finding.message)]
    if finding.hint:
        lines.append(f"help: {_not_a_link(finding.hint)}")
    for index, related in enumerate(finding.related, start=1):
        label = related.message or f"line {related.span.start.line}"
        lines.append(f"related: {_link(label, index)}")
    return "\n".join(lines)


def _result(finding: Finding, rule_index: int, fingerprint: str) -> dict[str, Any]:
    result: dict[str, Any] = {
        "ruleId": finding.code,
        "ruleIndex": rule_index,
        "level": LEVEL[finding.severity],
        "message": {"text": _message_text(finding)},
        "locations": [_physical(finding.path, finding.span)],
        "partialFingerprints": {"primaryLocationLineHash": fingerprint},
    }
    if finding.related:
        result["relatedLocations"] = [
            {"id": index, **_physical(r.path, r.span), "message": {"text": r.message}}
            for index, r in enumerate(finding.related, start=1)
        ]
    if finding.fix is not None and finding.fix.edits:
        replacements = [
            {
                "deletedRegion": {
                    "charOffset": edit.start_offset,
                    "charLength": edit.end_offset - edit.start_offset,
                },
                "insertedContent": {"text": edit.content},
            }
            for edit in finding.fix.edits
        ]
        change = {"artifactLocation": artifact_location(finding.path), "replacements": replacements}
        result["fixes"] = [
            {
                "description": {"text": finding.fix.description},
                "artifactChanges": [change],
                "properties": {"applicability": finding.fix.applicability.value},
            }
        ]
    return result


def _notification(diagnostic: Diagnostic) -> dict[str, Any]:
    return {
        "level": NOTIFICATION_LEVEL[diagnostic.kind],
        "message": {"text": f"{diagnostic.kind.value}: {diagnostic.message}"},
        "descriptor": {"id": diagnostic.kind.value},
        "locations": [
            {"physicalLocation": {"artifactLocation": artifact_location(diagnostic.path)}}
        ],
    }


def document(report: Report, rules: Sequence[RuleClass]) -> dict[str, Any]:
    """The report as a SARIF log object."""
    descriptors = [_descriptor(rule) for rule in rules]
    index = {rule.code: position for position, rule in enumerate(rules)}
    results = []
    # The baseline's fingerprint of the flagged text and its occurrence, as GitHub's own
    # `hash:occurrence`: what matches a result across runs is then what a baseline matches.
    for entry, finding in entries(report, Path(os.getcwd())):
        if finding.code not in index:
            index[finding.code] = len(descriptors)
            descriptors.append(_fallback_descriptor(finding))
        fingerprint = f"{entry.fingerprint}:{entry.occurrence}"
        results.append(_result(finding, index[finding.code], fingerprint))
    invocation: dict[str, Any] = {
        "executionSuccessful": not any(d.is_error for d in report.diagnostics)
    }
    if report.diagnostics:
        invocation["toolExecutionNotifications"] = [_notification(d) for d in report.diagnostics]
    run = {
        "tool": {
            "driver": {
                "name": "runaudit",
                "version": __version__,
                "semanticVersion": __version__,
                "informationUri": INFORMATION_URI,
                "rules": descriptors,
            }
        },
        "invocations": [invocation],
        # No `uri`: the absolute checkout path is not ours to disclose, and
        # consumers (GitHub code scanning) resolve %SRCROOT% to their checkout.
        "originalUriBaseIds": {
            SRCROOT: {
                "description": {
                    "text": "The top level of the git repository runaudit ran in "
                    "(else the directory it ran in)."
                }
            }
        },
        "columnKind": "unicodeCodePoints",
        "results": results,
    }
    return {"$schema": SCHEMA_URI, "version": "2.1.0", "runs": [run]}


def render(report: Report, rules: Sequence[RuleClass], *, color: bool = False) -> str:
    """The report as an indented SARIF 2.1.0 log."""
    return json_text(document(report, rules)) + "\n"
