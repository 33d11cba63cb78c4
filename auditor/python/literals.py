"""Python string literals decoded character by character, each mapped to its source offset."""

from __future__ import annotations

import re
import unicodedata

from auditor.hosts.mapped import C_ESCAPES, MappedText

_PREFIX = re.compile(r"^([rRbBuUfF]*)('''|\"\"\"|'|\")")
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


def decode_literal(text: str, start: int) -> MappedText | None:
    """Decode a whole simple literal (`'…'`, `r"…"`, `\"\"\"…\"\"\"`); None for bytes."""
    match = _PREFIX.match(text)
    if match is None:
        return None
    prefix, quote = match.group(1).lower(), match.group(2)
    if "b" in prefix:
        return None
    begin = match.end()
    body = text[begin : len(text) - len(quote)]
    return decode_body(body, start + begin, raw="r" in prefix)


def string_prefix(text: str) -> tuple[str, str] | None:
    """The prefix letters and the quote of a literal or f-string start (`f"`, `rf'''`)."""
    match = _PREFIX.match(text)
    return (match.group(1).lower(), match.group(2)) if match else None
