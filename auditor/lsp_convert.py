"""Findings as the Language Server Protocol shows them: diagnostics (related locations,
the rule's docs link) and code actions (the finding's fix, a suppression comment).

runaudit counts columns in characters (code points); LSP counts them in the unit the
client and server agreed on (UTF-16 by default), so every position is converted
against its line's text.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence
from typing import Any

from lsprotocol import types

from auditor.finding import Applicability, Finding, Severity, Span
from auditor.output.summary import fix_label

SOURCE = "runaudit"
UNSAFE_FIX = types.CodeActionKind.QuickFix + ".unsafe"  # a quick fix that changes behaviour
SUPPRESS = types.CodeActionKind.QuickFix + ".suppress"
_SEVERITY = {
    Severity.ERROR: types.DiagnosticSeverity.Error,
    Severity.WARNING: types.DiagnosticSeverity.Warning,
    Severity.INFO: types.DiagnosticSeverity.Information,
}
_WIDTH = {"utf-8": "utf-8", "utf-16": "utf-16-le", "utf-32": "utf-32-le"}


class Text:
    """A document's text with its lines, to turn character positions into LSP ones."""

    def __init__(self, text: str, encoding: str = "utf-16") -> None:
        self.text = text
        self.lines = text.split("\n")
        self.starts = [0]
        for line in self.lines[:-1]:
            self.starts.append(self.starts[-1] + len(line) + 1)
        self.codec = _WIDTH.get(str(encoding), "utf-16-le")
        self.unit = 1 if self.codec == "utf-8" else (2 if self.codec == "utf-16-le" else 4)

    def position(self, line: int, column: int) -> types.Position:
        """LSP position of a 1-based line and 1-based character column."""
        index = min(max(line - 1, 0), len(self.lines) - 1)
        prefix = self.lines[index][: max(column - 1, 0)]
        units = len(prefix.encode(self.codec, "surrogatepass")) // self.unit
        return types.Position(line=index, character=units)

    def range(self, span: Span) -> types.Range:
        """LSP range of a span."""
        return types.Range(
            start=self.position(*span.start), end=self.position(span.end.line, span.end.column)
        )

    def offset_position(self, offset: int) -> types.Position:
        """LSP position of a character offset in the text."""
        index = bisect.bisect_right(self.starts, offset) - 1
        return self.position(index + 1, offset - self.starts[index] + 1)


def diagnostic(
    finding: Finding,
    text: Text,
    uri_of: Callable[[str], str],
    data: Any = None,
    text_of: Callable[[str], Text | None] = lambda path: None,
) -> types.Diagnostic:
    """The LSP diagnostic of one finding; `uri_of` turns a related location's path into
    a URI, `text_of` gives that file's text (None when it cannot be read); `data` comes
    back with a code action request."""
    message = finding.message if not finding.hint else f"{finding.message}\nhelp: {finding.hint}"
    if finding.fix is not None:
        message += f"\n{fix_label(finding.fix)}: {finding.fix.description}"
    related = []
    for location in finding.related:
        other = text if location.path == finding.path else text_of(location.path)
        place = other.range(location.span) if other is not None else _plain_range(location.span)
        related.append(
            types.DiagnosticRelatedInformation(
                location=types.Location(uri=uri_of(location.path), range=place),
                message=location.message,
            )
        )
    return types.Diagnostic(
        range=text.range(finding.span),
        message=message,
        severity=_SEVERITY[finding.severity],
        code=finding.code,
        code_description=types.CodeDescription(href=finding.url) if finding.url else None,
        source=SOURCE,
        related_information=related or None,
        data=data,
    )


def _plain_range(span: Span) -> types.Range:
    """A range in a file whose text cannot be read: columns taken as code units."""
    return types.Range(
        start=types.Position(line=span.start.line - 1, character=span.start.column - 1),
        end=types.Position(line=span.end.line - 1, character=span.end.column - 1),
    )


def code_actions(
    finding: Finding, uri: str, text: Text, lsp_diagnostic: types.Diagnostic
) -> list[types.CodeAction]:
    """The fix of a finding (a quick fix when safe; marked when unsafe) and a suppression."""
    actions = []
    if finding.fix is not None:
        safe = finding.fix.applicability is Applicability.SAFE
        edits = [
            types.TextEdit(
                range=types.Range(
                    start=text.offset_position(edit.start_offset),
                    end=text.offset_position(edit.end_offset),
                ),
                new_text=edit.content,
            )
            for edit in finding.fix.edits
        ]
        title = f"{finding.code}: {finding.fix.description}"
        actions.append(
            types.CodeAction(
                title=title if safe else f"{title} (unsafe: changes behaviour)",
                kind=types.CodeActionKind.QuickFix if safe else UNSAFE_FIX,
                diagnostics=[lsp_diagnostic],
                edit=types.WorkspaceEdit(changes={uri: edits}),
                is_preferred=safe,
            )
        )
    actions.append(suppression_action(finding, uri, text, lsp_diagnostic))
    return actions


def suppression_action(
    finding: Finding, uri: str, text: Text, lsp_diagnostic: types.Diagnostic
) -> types.CodeAction:
    """Add `# runaudit: ignore[CODE]` on its own line above the finding's first line (a
    suppression covers the line below it), indented as that line; every host runaudit
    reads takes a `#` comment line there."""
    index = min(finding.span.start.line - 1, len(text.lines) - 1)
    line = text.lines[index]
    indent = line[: len(line) - len(line.lstrip(" \t"))]
    start = types.Position(line=index, character=0)
    edit = types.TextEdit(
        range=types.Range(start=start, end=start),
        new_text=f"{indent}# runaudit: ignore[{finding.code}]\n",
    )
    return types.CodeAction(
        title=f"Suppress {finding.code} ({finding.name}) on this line",
        kind=SUPPRESS,
        diagnostics=[lsp_diagnostic],
        edit=types.WorkspaceEdit(changes={uri: [edit]}),
    )


def matching(
    wanted: Sequence[types.Diagnostic], version: int | None
) -> list[tuple[int, types.Diagnostic]]:
    """The findings (by index) a code action request's diagnostics stand for, if they were
    published for this version of the document."""
    found = []
    for item in wanted:
        data = item.data
        if item.source == SOURCE and isinstance(data, dict) and data.get("version") == version:
            index = data.get("index")
            if isinstance(index, int):
                found.append((index, item))
    return found
