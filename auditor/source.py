"""Bytes to text, and the one place that turns offsets into positions.

Lines are split on `\\n` only (as tree-sitter and editors do), so a CRLF file
keeps its `\\r` at the end of each line and columns stay right. Undecodable
bytes become U+FFFD and are reported, never fatal.
"""

from __future__ import annotations

import bisect
import codecs
import re

from auditor.finding import Position, Span

_CODING_COOKIE = re.compile(rb"^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)")
_SURROGATE = re.compile("[\ud800-\udfff]")


class SourceFile:
    """The decoded text of one audited file, with a line index."""

    __slots__ = ("_starts", "decode_error", "encoding", "path", "text")

    def __init__(
        self, path: str, text: str, encoding: str = "utf-8", decode_error: str | None = None
    ) -> None:
        self.path = path  # as shown in reports: relative to the working directory
        self.text = text
        self.encoding = encoding
        self.decode_error = decode_error  # a description of replaced bytes, if any
        self._starts: list[int] | None = None  # made when a position is first asked for

    @property
    def _line_starts(self) -> list[int]:
        """The offset where each line starts (most files are never asked: their
        prefilters find nothing to look at)."""
        if self._starts is None:
            starts = [0]
            starts.extend(match.end() for match in re.finditer("\n", self.text))
            self._starts = starts
        return self._starts

    def __repr__(self) -> str:
        return f"SourceFile(path={self.path!r}, encoding={self.encoding!r})"

    @property
    def line_count(self) -> int:
        """Number of lines, counting a last line without a newline."""
        return len(self._line_starts)

    def line_start(self, line: int) -> int:
        """Offset of the first character of a 1-based line."""
        return self._line_starts[line - 1]

    def line_text(self, line: int) -> str:
        """The text of a 1-based line, without its line ending."""
        start = self._line_starts[line - 1]
        end = self._line_starts[line] - 1 if line < len(self._line_starts) else len(self.text)
        return self.text[start:end].rstrip("\r")

    def position(self, offset: int) -> Position:
        """The 1-based line and character column of a character offset."""
        offset = max(0, min(offset, len(self.text)))
        index = bisect.bisect_right(self._line_starts, offset) - 1
        return Position(index + 1, offset - self._line_starts[index] + 1)

    def span(self, start: int, end: int) -> Span:
        """A span from two character offsets."""
        return Span(self.position(start), self.position(max(start, end)))

    def offset(self, position: Position) -> int:
        """The character offset of a position (inverse of `position`), clamped to the text."""
        if position.line > len(self._line_starts):
            return len(self.text)
        offset = self._line_starts[max(1, position.line) - 1] + position.column - 1
        return max(0, min(offset, len(self.text)))


def python_encoding(data: bytes) -> str:
    """The encoding a Python file declares (PEP 263), default UTF-8."""
    if data.startswith(codecs.BOM_UTF8):
        return "utf-8-sig"
    for line in data.split(b"\n", 2)[:2]:
        match = _CODING_COOKIE.match(line)
        if match:
            name = match.group(1).decode("ascii", "replace")
            try:
                info = codecs.lookup(name)
            except LookupError:
                return "utf-8"
            # `rot13`, `hex`, `zlib` … are codecs but not text encodings; Python refuses them too.
            return info.name if getattr(info, "_is_text_encoding", True) else "utf-8"
    return "utf-8"


def decode(path: str, data: bytes, encoding: str = "utf-8") -> SourceFile:
    """Decode file bytes, replacing what cannot be decoded and saying where."""
    if encoding == "utf-8" and data.startswith(codecs.BOM_UTF8):
        encoding = "utf-8-sig"
    try:
        text, detail = _decode(data, encoding)
    except (LookupError, UnicodeError, ValueError) as error:
        # A declared codec that cannot decode at all (`undefined`, a broken `idna` label).
        fallback = decode(path, data)
        detail = f"cannot decode as {encoding} ({error}); read as UTF-8"
        if fallback.decode_error:
            detail += f", {fallback.decode_error}"
        return SourceFile(path, fallback.text, fallback.encoding, detail)
    clean = _without_surrogates(text)
    if clean != text and detail is None:  # `unicode_escape` can produce unpaired surrogates
        found = _SURROGATE.search(text)
        line = text.count("\n", 0, found.start() if found else 0) + 1
        detail = f"unpaired surrogate in {encoding} text at line {line}; replaced with U+FFFD"
    return SourceFile(path, clean, encoding, decode_error=detail)


def _decode(data: bytes, encoding: str) -> tuple[str, str | None]:
    """The text, and where undecodable bytes were replaced, if any were."""
    try:
        return data.decode(encoding), None
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        detail = (
            f"invalid {error.encoding} at line {line} (byte {error.start}); replaced with U+FFFD"
        )
        return data.decode(encoding, errors="replace"), detail


def _without_surrogates(text: str) -> str:
    """`text` with lone surrogates replaced: nothing downstream can encode them."""
    return _SURROGATE.sub("\ufffd", text)
