"""JUnit XML: a `<testsuites>` root, one failed `<testcase>` per finding, as ruff writes it.

CI systems (GitLab, Jenkins, Azure) show these as failed tests: the class name
is the file, the test name the code and line, and `file` and `line` attributes
let GitLab link to the source. A file runaudit could not (fully) audit is a case
of its own; a run without findings is one passing case. Text that XML 1.0 cannot
carry (most control characters, lone surrogates) is replaced by a visible escape
so the document stays well-formed; in element text, which a CI log shows line by
line, so is every control character of a name or message (`printable`).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from typing import TYPE_CHECKING

from auditor.finding import Diagnostic, DiagnosticKind, Finding, Report
from auditor.output.escape import escape_char, printable
from auditor.output.summary import fix_label

if TYPE_CHECKING:
    from auditor.output.summary import RuleClass

# JUnit readers expect results before captured output.
_CHILD_ORDER = {"skipped": 0, "error": 1, "system-err": 2}
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


def _finding_case(finding: Finding) -> ET.Element:
    start = finding.span.start
    case = ET.Element(
        "testcase",
        classname=xml_text(finding.path),
        name=xml_text(f"{finding.code} at line {start.line}"),
        file=xml_text(finding.path),
        line=str(start.line),
    )
    failure = ET.SubElement(
        case,
        "failure",
        message=xml_text(f"{finding.code}: {finding.message}"),
        type=xml_text(finding.code),
    )
    # The body's lines are printed as they are by a CI log (or `cat`): a line feed in a
    # name or a hint would start a line of its own (a workflow command on GitHub).
    lines = [f"{printable(finding.path)}:{start.line}:{start.column}"]
    if finding.hint:
        lines.append(f"help: {printable(finding.hint)}")
    if finding.fix is not None:
        fix = finding.fix
        lines.append(f"{fix_label(fix)}: {printable(fix.description)}")
    failure.text = xml_text("\n".join(lines))
    return case


def _diagnostic(diagnostic: Diagnostic) -> ET.Element:
    message = xml_text(f"{diagnostic.kind.value}: {diagnostic.message}")
    if diagnostic.is_error:
        return ET.Element("error", message=message, type=diagnostic.kind.value)
    if diagnostic.kind is DiagnosticKind.DECODING:
        element = ET.Element("system-err")
        element.text = printable(message)
        return element
    return ET.Element("skipped", message=message)


def _diagnostic_case(path: str, diagnostics: list[Diagnostic]) -> ET.Element:
    case = ET.Element("testcase", classname=xml_text(path), name=xml_text(path))
    case.extend(sorted(map(_diagnostic, diagnostics), key=lambda c: _CHILD_ORDER[c.tag]))
    return case


def render(report: Report, rules: Sequence[RuleClass], *, color: bool = False) -> str:
    """The report as a JUnit XML document."""
    cases = [_finding_case(finding) for finding in report.findings]
    by_file: dict[str, list[Diagnostic]] = {}
    for diagnostic in report.diagnostics:
        by_file.setdefault(diagnostic.path, []).append(diagnostic)
    cases.extend(_diagnostic_case(path, diagnostics) for path, diagnostics in by_file.items())
    if not report.findings:
        cases.insert(0, ET.Element("testcase", classname="runaudit", name="no findings"))
    tags = [{child.tag for child in case} for case in cases]
    counts = {
        "tests": str(len(cases)),
        "failures": str(len(report.findings)),
        "errors": str(sum("error" in t for t in tags)),
        "skipped": str(sum("skipped" in t for t in tags)),
    }
    suites = ET.Element("testsuites", {"name": "runaudit", **counts})
    suite = ET.SubElement(suites, "testsuite", {"name": "runaudit", **counts})
    suite.extend(cases)
    ET.indent(suites)
    return ET.tostring(suites, encoding="unicode", xml_declaration=True) + "\n"
