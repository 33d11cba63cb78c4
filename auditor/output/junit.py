"""JUnit XML: one test case per file with findings, one `<failure>` per finding.

CI systems (GitLab, Jenkins, Azure) show these as failed tests. Text that XML
1.0 cannot carry (most control characters, lone surrogates) is replaced by a
visible escape so the document stays well-formed.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from typing import TYPE_CHECKING

from auditor.finding import Diagnostic, DiagnosticKind, Finding, Report
from auditor.output.escape import escape_char

if TYPE_CHECKING:
    from auditor.output.summary import RuleClass

# JUnit readers expect results before captured output.
_CHILD_ORDER = {"skipped": 0, "error": 1, "failure": 2, "system-err": 3}
# Characters XML 1.0 forbids, those it discourages (DEL and the C1 controls), the
# bidirectional controls that reorder how a CI page shows the text, and a raw CR,
# which every XML reader turns into a line feed (or drops) in text content.
_NOT_XML = re.compile(
    "[^\t\n\x20-\x7e\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
    "|[\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]"
)


def xml_text(text: str) -> str:
    """`text` with the characters XML 1.0 forbids or discourages shown as visible escapes."""
    return _NOT_XML.sub(lambda match: escape_char(match.group()), text)


def _failure(finding: Finding) -> ET.Element:
    start = finding.span.start
    element = ET.Element(
        "failure",
        message=xml_text(f"{finding.code}: {finding.message}"),
        type=xml_text(finding.code),
    )
    text = f"{finding.path}:{start.line}:{start.column}"
    if finding.hint:
        text += f"\nhelp: {finding.hint}"
    element.text = xml_text(text)
    return element


def _diagnostic(diagnostic: Diagnostic) -> ET.Element:
    message = xml_text(f"{diagnostic.kind.value}: {diagnostic.message}")
    if diagnostic.is_error:
        return ET.Element("error", message=message, type=diagnostic.kind.value)
    if diagnostic.kind is DiagnosticKind.DECODING:
        element = ET.Element("system-err")
        element.text = message
        return element
    return ET.Element("skipped", message=message)


def render(report: Report, rules: Sequence[RuleClass], *, color: bool = False) -> str:
    """The report as a JUnit XML document."""
    cases: dict[str, list[ET.Element]] = {}
    for finding in report.findings:
        cases.setdefault(finding.path, []).append(_failure(finding))
    for diagnostic in report.diagnostics:
        cases.setdefault(diagnostic.path, []).append(_diagnostic(diagnostic))
    tags = [{child.tag for child in children} for children in cases.values()]
    suite = ET.Element(
        "testsuite",
        name="runaudit",
        tests=str(len(cases)),
        failures=str(sum("failure" in t for t in tags)),
        errors=str(sum("error" in t for t in tags)),
        skipped=str(sum("skipped" in t and "failure" not in t for t in tags)),
    )
    for (path, children), kinds in zip(cases.items(), tags, strict=True):
        case = ET.SubElement(suite, "testcase", classname=xml_text(path), name=xml_text(path))
        # A case with failures did run, so it is not also skipped.
        kept = [c for c in children if c.tag != "skipped" or "failure" not in kinds]
        case.extend(sorted(kept, key=lambda c: _CHILD_ORDER[c.tag]))
    ET.indent(suite)
    return ET.tostring(suite, encoding="unicode", xml_declaration=True) + "\n"
