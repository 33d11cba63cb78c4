"""Python 3.12 f-strings (PEP 701) read by an older `ast`: an expression part that holds
the f-string's own quote (`f"{d["key"]}"`), a backslash (`f"{'\\n'.join(lines)}"`), a
comment or a line break in a one-quote f-string.

A small scanner finds each f-string as 3.12 reads it (its replacement fields nest, and
strings inside them may use any quote); one an older parser rejects keeps its prefix,
quotes and literal text, and each of its replacement fields becomes literal spaces (a
line break in one of a one-quote f-string is kept after a line continuation), so every
position outside the field stays where it is. What the field computed is lost; the
literal words around it (`f"claude -p {…}"`) are still read.
"""

from __future__ import annotations

import ast
import re
import warnings

_PREFIXES = frozenset({"f", "fr", "rf"})
_OTHER_PREFIXES = frozenset({"r", "b", "u", "rb", "br"})
_MAX_NESTING = 16  # f-strings inside replacement fields inside f-strings


class Unmendable(Exception):
    """Text the scanner cannot read as 3.12 does (an unterminated string)."""


class InvalidField(SyntaxError):
    """A replacement field whose expression no Python reads (`f"{a b}"`), where it is."""

    def __init__(self, text: str, index: int) -> None:
        line = text.count("\n", 0, index) + 1
        column = index - (text.rfind("\n", 0, index) + 1) + 1
        source = text.splitlines()[line - 1] if text else ""
        super().__init__("f-string: invalid expression", ("<unknown>", line, column, source))


class _Scanner:
    """Reads a module's text as 3.12's tokenizer does, as far as strings go."""

    def __init__(self, text: str) -> None:
        self.text = text
        # each outermost f-string: its span, its replacement fields' spans, and whether
        # it is one-quoted (a line break in its text needs a continuation)
        self.found: list[tuple[int, int, list[tuple[int, int]], bool]] = []
        # where each field's expression (starting after its `{`) ends: at its format
        # spec's `:` or its closing `}`
        self.expressions: dict[int, int] = {}

    def module(self) -> None:
        index, text = 0, self.text
        while index < len(text):
            index = self._item(index, 0)

    def _item(self, index: int, nesting: int) -> int:
        """Past the comment, string, word or character at `index`."""
        text = self.text
        char = text[index]
        if char == "#":
            end = text.find("\n", index)
            return len(text) if end < 0 else end
        if char in "'\"":
            return self._string(index, index, "", nesting)
        if char.isalpha() or char == "_":
            end = index
            while end < len(text) and (text[end].isalnum() or text[end] == "_"):
                end += 1
            prefix = text[index:end].lower()
            if end < len(text) and text[end] in "'\"" and prefix in _PREFIXES | _OTHER_PREFIXES:
                return self._string(index, end, prefix, nesting)
            return end
        return index + 1

    def _string(self, start: int, index: int, prefix: str, nesting: int) -> int:
        """Past the string whose prefix starts at `start` and quote at `index`."""
        text = self.text
        quote = text[index : index + 3] if text.startswith(text[index] * 3, index) else text[index]
        index += len(quote)
        if "f" not in prefix:
            while not text.startswith(quote, index):
                if index >= len(text) or (text[index] == "\n" and len(quote) == 1):
                    raise Unmendable
                index += 2 if text[index] == "\\" else 1
            return index + len(quote)
        if nesting > _MAX_NESTING:
            raise Unmendable
        fields: list[tuple[int, int]] = []
        while not text.startswith(quote, index):
            if index >= len(text) or (text[index] == "\n" and len(quote) == 1):
                raise Unmendable
            if text.startswith("\\N{", index) and "r" not in prefix:  # `\N{EM DASH}`
                index = text.find("}", index) + 1 or len(text)
            elif (
                text[index] == "\\" or text.startswith("{{", index) or text.startswith("}}", index)
            ):
                index += 2
            elif text[index] == "{":
                end = self._field(index + 1, nesting + 1)
                fields.append((index, end))
                index = end
            else:
                index += 1
        end = index + len(quote)
        if nesting == 0:
            self.found.append((start, end, fields, len(quote) == 1))
        return end

    def _field(self, index: int, nesting: int) -> int:
        """Past the `}` that closes the replacement field whose expression starts at
        `index` (its format spec may hold fields of its own)."""
        if nesting > _MAX_NESTING:
            raise Unmendable
        text, depth, start = self.text, 0, index
        while index < len(text):
            char = text[index]
            if char in "([{":
                depth += 1
            elif char in ")]" or (char == "}" and depth):
                depth -= 1
            elif char == "}":
                self.expressions[start] = index
                return index + 1
            elif char == ":" and not depth:
                self.expressions[start] = index
                return self._spec(index + 1, nesting)
            elif char == "#" or char in "'\"" or char.isalpha() or char == "_":
                index = self._item(index, nesting)
                continue
            index += 1
        raise Unmendable

    def _spec(self, index: int, nesting: int) -> int:
        """Past the `}` that ends a format spec starting at `index`."""
        text = self.text
        while index < len(text):
            if text[index] == "{":
                index = self._field(index + 1, nesting + 1)
            elif text[index] == "}":
                return index + 1
            elif text[index] == "\n":
                raise Unmendable
            else:
                index += 1
        raise Unmendable


def older_fstrings(text: str) -> str | None:
    """The text with each f-string an older parser rejects rewritten (same length, same
    line breaks), or None when it has none or the scanner cannot read the text. A field
    no Python reads raises `InvalidField` (a `SyntaxError` at that field)."""
    scanner = _Scanner(text)
    try:
        scanner.module()
    except Unmendable:
        return None
    pieces: list[str] = []
    done = 0
    for start, end, fields, one_quote in scanner.found:
        if not fields or _parses(text[start:end]):
            continue
        for field_start, field_end in fields:
            expression = text[field_start + 1 : scanner.expressions[field_start + 1]]
            if not _valid_expression(expression):
                raise InvalidField(text, field_start + 1)  # `{}`, `{a b}`: in 3.12 too
            blank = _blank_field(text[field_start:field_end], one_quote)
            if blank is None:
                return None
            pieces += [text[done:field_start], blank]
            done = field_end
    if not pieces:
        return None
    return "".join(pieces) + text[done:]


def _valid_expression(expression: str) -> bool:
    """Whether a field's expression is one Python 3.12 reads: its own f-strings mended,
    it parses on its own, without the field's conversion or `=` (`{x!r}`, `{x=}`)."""
    expression = _CONVERSION.sub("", expression)
    if not expression.strip():
        return False
    try:
        mended = older_fstrings(expression)
    except InvalidField:
        return False
    return _parses(mended if mended is not None else expression)


# A field's conversion and self-documenting `=` after its expression (`{x = !r}`).
_CONVERSION = re.compile(r"\s*(?:=\s*)?(?:![rsa]\s*)?$")


def _parses(literal: str) -> bool:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            ast.parse(f"({literal}\n)", mode="eval")
        except (SyntaxError, ValueError):
            return False
    return True


def _blank_field(field: str, one_quote: bool) -> str | None:
    """Spaces as long as `field`, its line breaks kept (in a one-quote f-string, each
    after a continuation in place of the character before it); None when a line of it
    has no character to put one in."""
    lines = [" " * len(line) for line in field.split("\n")]
    if one_quote:
        if any(not line for line in lines[:-1]):
            return None
        lines[:-1] = [line[:-1] + "\\" for line in lines[:-1]]
    return "\n".join(lines)
