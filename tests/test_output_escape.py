"""The helpers under the renderers: visible escapes and source snippets."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

from hypothesis import given
from hypothesis import strategies as st

from auditor.finding import Finding, Position, Report, Severity, Span
from auditor.output import FORMATS, render
from auditor.output.escape import printable, scrub
from auditor.output.snippet import SnippetLine, cell_width, snippet

UNSAFE = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\ud800-\udfff\u202a-\u202e\u2066-\u2069]")


def span(line: int, column: int, end_line: int, end_column: int) -> Span:
    return Span(Position(line, column), Position(end_line, end_column))


def test_printable_escapes_terminal_controls() -> None:
    assert printable("a\x1b[31mb") == "a\\x1b[31mb"
    assert printable("tab\tstays") == "tab\tstays"
    assert (
        printable("cr\r lf\n nul\x00 del\x7f csi\x9b") == "cr\\r lf\\n nul\\x00 del\\x7f csi\\x9b"
    )
    assert printable("bidi\u202eevil\u2066") == "bidi\\u202eevil\\u2066"
    assert printable("bad\udcffname") == "bad\\udcffname"
    assert printable("[bold]ünïcode 日本[/]") == "[bold]ünïcode 日本[/]"


def test_printable_can_keep_newlines() -> None:
    assert printable("a\nb\r\x1b", keep_newlines=True) == "a\nb\r\\x1b"


def test_scrub_makes_every_string_encodable() -> None:
    tree = {"k\udc80": ["v\udcff", 1, None, {"x": "ok"}]}
    cleaned = scrub(tree)
    assert cleaned == {"k\\udc80": ["v\\udcff", 1, None, {"x": "ok"}]}
    json.dumps(cleaned, ensure_ascii=False).encode("utf-8")


def test_cell_width_counts_wide_and_combining_characters() -> None:
    assert cell_width("abc") == 3
    assert cell_width("日本") == 4
    assert cell_width("e\u0301") == 1


def test_snippet_single_line() -> None:
    assert snippet("a | b\n", span(1, 3, 1, 4)) == [SnippetLine(1, "a | b", 2, 1)]


def test_snippet_zero_width_span_gets_one_caret() -> None:
    assert snippet("abc\n", span(1, 4, 1, 4)) == [SnippetLine(1, "abc", 3, 1)]


def test_snippet_span_ending_at_next_line_start_stays_on_its_line() -> None:
    assert snippet("abc\r\ndef\r\n", span(1, 1, 2, 1)) == [SnippetLine(1, "abc", 0, 3)]


def test_snippet_multi_line_underlines_from_indentation() -> None:
    lines = snippet("if x; then\n  run\nfi\n", span(1, 1, 3, 3))
    assert lines == [
        SnippetLine(1, "if x; then", 0, 10),
        SnippetLine(2, "  run", 2, 3),
        SnippetLine(3, "fi", 0, 2),
    ]


def test_snippet_elides_the_middle_of_long_spans() -> None:
    source = "".join(f"line {n}\n" for n in range(1, 21))
    lines = snippet(source, span(2, 1, 12, 3))
    numbers = [line.number if line else None for line in lines]
    assert numbers == [2, 3, 4, None, 11, 12]


def test_snippet_expands_tabs_and_escapes_controls() -> None:
    assert snippet("\tx\x1by\n", span(1, 2, 1, 5)) == [SnippetLine(1, "    x\\x1by", 4, 6)]


def test_snippet_outside_the_source_is_empty() -> None:
    assert snippet(None, span(1, 1, 1, 2)) == []
    assert snippet("one line\n", span(5, 1, 5, 2)) == []
    assert snippet("", span(1, 1, 1, 1)) == [SnippetLine(1, "", 0, 1)]


def test_snippet_clamps_columns_past_the_end_of_the_line() -> None:
    assert snippet("ab\n", span(1, 9, 1, 12)) == [SnippetLine(1, "ab", 2, 1)]


TEXT = st.text(st.characters(codec="utf-8"), max_size=40)
HOSTILE = st.text(
    st.sampled_from(["a", " ", "\t", "\n", "\r", "\x1b", "\x00", "\x9b", "\u202e", "|", "`", "%"]),
    max_size=20,
)


@given(
    source=TEXT,
    message=HOSTILE,
    path=HOSTILE.filter(bool),
    line=st.integers(1, 4),
    column=st.integers(1, 50),
    length=st.integers(0, 60),
)
def test_every_format_survives_any_input(
    source: str, message: str, path: str, line: int, column: int, length: int
) -> None:
    where = span(line, column, line + length // 20, column + length % 20)
    found = Finding(path, where, "RA101", "pipeline-status-masked", Severity.ERROR, message)
    report = Report(findings=[found], sources={path: source}, files_checked=1)
    for fmt in FORMATS:
        text = render(fmt, report, [])
        if fmt in ("text", "concise", "grouped", "markdown"):
            assert not UNSAFE.search(text.replace("\n", ""))
        elif fmt == "github":
            assert len(text.splitlines()) == 1
        elif fmt == "junit":
            ET.fromstring(text)
        else:
            json.loads(text)
