"""Source snippets for human-facing output: flagged lines and caret underlines."""

from __future__ import annotations

import functools
import unicodedata
from typing import NamedTuple

from auditor.finding import Span
from auditor.output.escape import printable

TAB_WIDTH = 4
MAX_LINES = 6  # longer spans show their first and last lines around a gap
# Characters of one source line shown around the span: a minified or generated
# file can hold megabytes on one line, and every finding on it would repeat them.
MAX_LINE_CHARS = 200
ELLIPSIS = "..."


class SnippetLine(NamedTuple):
    """One displayed source line and where its underline goes, in terminal cells."""

    number: int
    text: str
    caret_start: int
    caret_width: int


def cell_width(text: str) -> int:
    """How many terminal cells `text` occupies (wide East Asian characters take two)."""
    width = 0
    for char in text:
        if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


def _display(raw: str) -> tuple[str, list[int]]:
    """Printable text of a line, and the cell at which each of its characters starts."""
    pieces: list[str] = []
    starts: list[int] = []
    cells = 0
    for char in raw:
        starts.append(cells)
        piece = " " * (TAB_WIDTH - cells % TAB_WIDTH) if char == "\t" else printable(char)
        pieces.append(piece)
        cells += cell_width(piece)
    starts.append(cells)
    return "".join(pieces), starts


def _window(raw: str, low: int, high: int) -> tuple[str, int, int]:
    """At most `MAX_LINE_CHARS` of a line around its span, cut ends marked with `...`."""
    if len(raw) <= MAX_LINE_CHARS:
        return raw, low, high
    start = max(0, min(low - MAX_LINE_CHARS // 4, len(raw) - MAX_LINE_CHARS))
    end = start + MAX_LINE_CHARS
    prefix = ELLIPSIS if start > 0 else ""
    suffix = ELLIPSIS if end < len(raw) else ""
    shift = len(prefix) - start
    return prefix + raw[start:end] + suffix, low + shift, min(high, end) + shift


def _line(number: int, raw: str, low: int, high: int, at_least_one: bool) -> SnippetLine:
    low = min(max(low, 0), len(raw))
    high = min(max(high, low), len(raw))
    raw, low, high = _window(raw, low, high)
    text, starts = _display(raw)
    width = starts[high] - starts[low]
    if at_least_one:
        width = max(width, 1)
    return SnippetLine(number, text, starts[low], width)


def snippet(source: str | None, span: Span) -> list[SnippetLine | None]:
    """The lines `span` covers with their underlines; `None` marks elided lines.

    Empty when the source is unknown or the span lies outside it.
    """
    if source is None:
        return []
    lines = _split_lines(source)
    first, last = span.start.line, span.end.line
    end_column: int | None = span.end.column
    if last > first and span.end.column == 1:
        # The span ends at the start of a line: it ends with the previous line.
        last, end_column = last - 1, None
    if not 1 <= first <= len(lines):
        return []
    last = min(max(last, first), len(lines))
    shown: list[SnippetLine | None] = []
    for number in range(first, last + 1):
        raw = lines[number - 1].removesuffix("\r")
        low = span.start.column - 1 if number == first else len(raw) - len(raw.lstrip())
        high = end_column - 1 if number == last and end_column is not None else len(raw)
        shown.append(_line(number, raw, low, high, at_least_one=number == first))
    if len(shown) > MAX_LINES:
        shown = [*shown[: MAX_LINES - 3], None, *shown[-2:]]
    return shown


@functools.lru_cache(maxsize=8)
def _split_lines(source: str) -> tuple[str, ...]:
    # Every finding of a file asks for the same text: split it once, not once per finding.
    return tuple(source.split("\n"))


def gutter_width(lines: list[SnippetLine | None]) -> int:
    """Width of the line-number column for these lines."""
    return max((len(str(line.number)) for line in lines if line is not None), default=1)
