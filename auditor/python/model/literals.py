"""Python string literals decoded character by character, each mapped to its source offset."""

from __future__ import annotations

import re
import unicodedata
from typing import NamedTuple

from auditor.hosts.mapped import C_ESCAPES, MappedText

# A string literal's prefix letters and opening quote
STRING_START = re.compile(r"([rRbBuUfF]{0,2})('''|\"\"\"|'|\")")
_HEX_LENGTHS = {"x": 2, "u": 4, "U": 8}


def _escape(body: str, index: int) -> tuple[str | None, int]:
    """The character an escape at `body[index]` (a backslash) stands for, and its length."""
    following = body[index + 1] if index + 1 < len(body) else ""
    if following == "\n":
        return "", 2
    if following in C_ESCAPES:
        return C_ESCAPES[following], 2
    if following in _HEX_LENGTHS:
        digits = body[index + 2 : index + 2 + _HEX_LENGTHS[following]]
        try:
            return chr(int(digits, 16)), 2 + len(digits)
        except ValueError:
            return None, 2
    if following == "N" and body[index + 2 : index + 3] == "{":
        close = body.find("}", index + 3)
        if close != -1:
            try:
                return unicodedata.lookup(body[index + 3 : close]), close + 1 - index
            except KeyError:
                return None, 2
    octal = re.match(r"[0-7]{1,3}", body[index + 1 : index + 4])
    if octal:
        return chr(int(octal.group(0), 8)), 1 + len(octal.group(0))
    return None, 1  # an unknown escape keeps its backslash


def decode_body(body: str, start: int, *, raw: bool, braces: bool = False) -> MappedText:
    """Decode the text between the quotes; `braces` undoubles `{{`/`}}` (f-string text)."""
    chars: list[str] = []
    offsets: list[int] = []
    index = 0
    while index < len(body):
        char = body[index]
        if char == "\\" and not raw:
            value, length = _escape(body, index)
            if value is not None:
                chars.extend(value)
                offsets.extend([start + index] * len(value))
                index += length
                continue
        if braces and char in "{}" and body[index + 1 : index + 2] == char:
            chars.append(char)
            offsets.append(start + index)
            index += 2
            continue
        chars.append(char)
        offsets.append(start + index)
        index += 1
    return MappedText("".join(chars), tuple(offsets))


class StringPiece(NamedTuple):
    """A piece of a string expression's source: literal text between quotes, or an
    f-string's replacement field (`{…}`, braces included)."""

    field: bool
    start: int  # character offsets in the file
    end: int
    raw: bool  # an `r` literal: backslashes are text
    braces: bool  # f-string text: `{{`/`}}` stand for one brace


_GAP = re.compile(r"(?:\s|\\\n|\\\r\n|#[^\r\n]*)*")


def string_pieces(text: str, start: int, end: int) -> list[StringPiece] | None:
    """The pieces of the string expression written at `text[start:end]`: one or more
    literals joined by juxtaposition (with comments, line continuations and blank lines
    between them); None for bytes or for text that is not a string expression.

    `ast` gives an f-string's text parts the position of the whole expression (before
    Python 3.12), so the text is scanned here; the fields' expressions have their own.
    """
    pieces: list[StringPiece] = []
    position = start
    while True:
        position = _GAP.match(text, position, end).end()  # type: ignore[union-attr]
        if position >= end:
            return pieces or None
        match = STRING_START.match(text, position, end)
        if match is None:
            return None
        prefix, quote = match.group(1).lower(), match.group(2)
        if "b" in prefix:
            return None
        closed = _scan_literal(text, match.end(), end, quote, "r" in prefix, "f" in prefix, pieces)
        if closed is None:
            return None
        position = closed


def _scan_literal(
    text: str, body: int, end: int, quote: str, raw: bool, fstring: bool, pieces: list[StringPiece]
) -> int | None:
    """Add one literal's pieces; the offset after its closing quote, or None."""
    index, piece_start = body, body
    while index < end:
        char = text[index]
        if char == "\\":
            following = text[index + 1 : index + 2]
            if fstring and not raw and following == "N" and text[index + 2 : index + 3] == "{":
                index = text.find("}", index, end) + 1 or end  # `\N{BULLET}`: one character
            elif fstring and following in ("{", "}"):
                index += 1  # `\{x}`: a backslash, then a field
            else:
                index += 2
            continue
        if text.startswith(quote, index):
            pieces.append(StringPiece(False, piece_start, index, raw, fstring))
            return index + len(quote)
        if fstring and char in "{}":
            if text.startswith(char * 2, index):
                index += 2
                continue
            if char == "{":
                close = _field_end(text, index, end)
                if close is None:
                    return None
                pieces.append(StringPiece(False, piece_start, index, raw, fstring))
                pieces.append(StringPiece(True, index, close, raw, fstring))
                index = piece_start = close
                continue
        index += 1
    return None


def _field_end(text: str, index: int, end: int) -> int | None:
    """The offset after the `}` closing the replacement field opened at `text[index]`.

    The expression is code (brackets and strings nest); after its top-level `!` or
    `:`, the conversion and the format spec are text in which only braces nest
    (`{x:'>10}`, `{x:)>10}`).
    """
    depth = 0
    spec = False
    while index < end:
        char = text[index]
        if spec:
            depth += char == "{"
            depth -= char == "}"
            if depth == 0:
                return index + 1
        elif depth == 1 and (char == ":" or (char == "!" and text[index + 1 : index + 2] != "=")):
            spec = True
        elif char in "{[(":
            depth += 1
        elif char in "}])":
            depth -= 1
            if depth == 0:
                return index + 1
        elif char in "'\"":
            quote = text[index] * 3 if text.startswith(text[index] * 3, index) else text[index]
            close = text.find(quote, index + len(quote), end)
            if close == -1:
                return None
            index = close + len(quote)
            continue
        index += 1
    return None
