"""A Markdown report to paste into a GitHub issue: summary table, then one section per file,
then the suppression comments in effect and the files not fully audited.

Text from findings and file names is escaped so it renders as written: Markdown
and HTML punctuation is backslash-escaped, control characters become visible
escapes, and source snippets sit in fences longer than any backtick run in them.
Code a message quotes in backticks (`` `gptme` ``) stays a code span, whose
text GFM shows literally: only a pipe is escaped there, as GFM tables need.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING
from urllib.parse import quote

from auditor.finding import Applicability, Finding, Report
from auditor.output.escape import printable
from auditor.output.snippet import gutter_width, snippet
from auditor.output.summary import (
    by_path,
    code_counts,
    fix_sentence,
    found_sentence,
    suppressed_sentence,
)

if TYPE_CHECKING:
    from auditor.output.summary import RuleClass

# Punctuation that Markdown, GFM tables, HTML, math or mentions would act on.
_SPECIAL = re.compile(r"([\\`*_\[\]<>|#~!&$@])")
_BACKTICKS = re.compile("`+")
# A code span: a run of backticks, text, and a run of the same length (CommonMark).
_CODE_SPAN = re.compile(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)")


def md_text(text: str) -> str:
    """`text` as literal Markdown inline text, safe inside a table cell or heading."""
    return _SPECIAL.sub(r"\\\1", printable(text))


def md_inline(text: str) -> str:
    """Like `md_text`, but the code spans of `text` stay code spans, shown as written."""
    text = printable(text)
    parts: list[str] = []
    end = 0
    for span in _CODE_SPAN.finditer(text):
        parts.append(_SPECIAL.sub(r"\\\1", text[end : span.start()]))
        fence, code = span.groups()
        parts.append(fence + code.replace("|", "\\|") + fence)  # GFM tables split on `|`
        end = span.end()
    parts.append(_SPECIAL.sub(r"\\\1", text[end:]))
    return "".join(parts)


def md_url(url: str) -> str:
    """A link destination that cannot end the link or split a table cell."""
    return quote(printable(url), safe=":/#?&=%~+.,;@!*'-_")


def fence_for(lines: list[str]) -> str:
    """A backtick fence longer than any backtick run in `lines`."""
    longest = max((len(run) for line in lines for run in _BACKTICKS.findall(line)), default=0)
    return "`" * max(3, longest + 1)


def code_block(finding: Finding, source: str | None) -> list[str]:
    """The flagged lines with carets under the span, fenced; empty without a source."""
    lines = snippet(source, finding.span)
    if not lines:
        return []
    width = gutter_width(lines)
    body: list[str] = []
    for line in lines:
        if line is None:
            body.append(f"{'.' * width} | ...")
            continue
        body.append(f"{line.number:>{width}} | {line.text}".rstrip())
        if line.caret_width:
            body.append(f"{' ' * width} | {' ' * line.caret_start}{'^' * line.caret_width}")
    fence = fence_for(body)
    return [fence, *body, fence]


def _message_cell(finding: Finding) -> str:
    parts = [md_inline(finding.message)]
    if finding.hint:
        parts.append(f"**help:** {md_inline(finding.hint)}")
    if finding.fix:
        unsafe = finding.fix.applicability is Applicability.UNSAFE
        label = "fix available (unsafe)" if unsafe else "fix available"
        parts.append(f"**{label}:** {md_inline(finding.fix.description)}")
    for related in finding.related:
        start = related.span.start
        where = md_text(f"{related.path}:{start.line}:{start.column}")
        parts.append(f"**related:** {where}: {md_inline(related.message)}")
    return "<br>".join(parts)


def _code_cell(finding: Finding, urls: dict[str, str]) -> str:
    url = finding.url or urls.get(finding.code, "")
    code = md_text(finding.code)
    return f"[{code}]({md_url(url)})" if url else code


def file_section(
    path: str, findings: list[Finding], report: Report, urls: dict[str, str]
) -> list[str]:
    """`## path`, a table of its findings, then each finding's snippet."""
    out = [
        f"## {md_text(path)}",
        "",
        "| Line | Code | Severity | Message |",
        "| ---: | --- | --- | --- |",
    ]
    for f in findings:
        line = f"{f.span.start.line}:{f.span.start.column}"
        out.append(f"| {line} | {_code_cell(f, urls)} | {f.severity.value} | {_message_cell(f)} |")
    out.append("")
    source = report.sources.get(path)
    for f in findings:
        block = code_block(f, source)
        if block:
            start = f.span.start
            out.extend([f"**{md_text(f.code)}** at line {start.line}, column {start.column}:", ""])
            out.extend([*block, ""])
    return out


def suppressions_section(report: Report) -> list[str]:
    """`## Suppressions in effect`: each comment that hid findings; empty when none did."""
    if not report.suppressions:
        return []
    out = [
        "## Suppressions in effect",
        "",
        "| Comment | Codes | Findings hidden |",
        "| --- | --- | ---: |",
    ]
    for s in report.suppressions:
        cells = [md_text(f"{s.path}:{s.line}"), md_text(", ".join(s.codes)), str(s.hidden)]
        out.append(f"| {' | '.join(cells)} |")
    out.append("")
    return out


def render(report: Report, rules: Sequence[RuleClass], *, color: bool = False) -> str:
    """The whole Markdown report."""
    urls = {rule.code: rule.url() for rule in rules}
    out = ["# runaudit report", "", md_text(found_sentence(report))]
    notes = [s for s in (fix_sentence(report), suppressed_sentence(report)) if s]
    out.extend(md_inline(note) for note in notes)
    out.append("")
    if report.findings:
        out.extend(
            ["## Summary", "", "| Code | Name | Severity | Count |", "| --- | --- | --- | ---: |"]
        )
        for row in code_counts(report.findings):
            cells = [md_text(row.code), md_text(row.name), row.severity.value, str(row.findings)]
            out.append(f"| {' | '.join(cells)} |")
        out.append("")
    for path, findings in by_path(report.findings).items():
        out.extend(file_section(path, findings, report, urls))
    out.extend(suppressions_section(report))
    if report.diagnostics:
        out.extend(["## Files not fully audited", ""])
        out.extend(
            f"- {md_text(d.path)}: {d.kind.value}: {md_inline(d.message)}"
            for d in report.diagnostics
        )
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"
