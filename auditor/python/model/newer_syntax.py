"""Python 3.12 syntax read by an older `ast`: `type X = …` statements and type parameters
(`def f[T](…)`, `class Box[T: int]:`, `type Pair[K, V] = …`), and f-strings
(`auditor.python.model.newer_fstrings`).

runaudit runs on Python 3.11, where `ast.parse` rejects them, and real runner code uses
them. The text is rewritten so that an older parser reads it and every other position
stays where it is: the `type` keyword becomes `_:0;` (a bare annotation, then the alias
as a plain assignment) and a type parameter list becomes spaces (each of its lines but
the last ending in a line continuation). Nothing else is changed.
"""

from __future__ import annotations

import io
import tokenize

from auditor.python.model.newer_fstrings import older_fstrings

_STARTS = frozenset({tokenize.NEWLINE, tokenize.NL, tokenize.INDENT, tokenize.DEDENT})
_TYPE_KEYWORD = "_:0;"  # as long as `type`


def older_syntax(text: str) -> str | None:
    """The text with its 3.12 f-strings and type syntax rewritten for an older parser
    (same length, same positions), or None when it has none or does not tokenize."""
    mended = older_fstrings(text)
    typed = _older_types(text if mended is None else mended)
    return mended if typed is None else typed


def _older_types(text: str) -> str | None:
    """The text with its 3.12 type syntax rewritten, or None when it has none."""
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError, ValueError):
        return None
    lines = text.splitlines(keepends=True)
    edits: list[tuple[tuple[int, int], tuple[int, int], str | None]] = []
    starts_line = True
    for index, token in enumerate(tokens):
        following = tokens[index + 1 : index + 3]
        if len(following) == 2 and following[0].type == tokenize.NAME:
            opens = following[1].string
            if token.string in ("def", "class") and opens == "[":
                edits.append(_parameters(tokens, index + 2))
            elif token.string == "type" and starts_line and opens in ("=", "["):
                edits.append((token.start, token.end, _TYPE_KEYWORD))
                if opens == "[":
                    edits.append(_parameters(tokens, index + 2))
        starts_line = token.type in _STARTS or (token.type == tokenize.OP and token.string == ";")
    if not edits:
        return None
    try:
        for start, end, replacement in edits:
            _blank(lines, start, end, replacement)
    except _Unmendable:
        return None
    return "".join(lines)


class _Unmendable(Exception):
    """A type parameter list the rewrite cannot blank at the same positions."""


def _parameters(
    tokens: list[tokenize.TokenInfo], opening: int
) -> tuple[tuple[int, int], tuple[int, int], None]:
    """The span of a type parameter list, from its `[` to the matching `]`."""
    depth = 0
    for token in tokens[opening:]:
        if token.type == tokenize.OP and token.string in "([{":
            depth += 1
        elif token.type == tokenize.OP and token.string in ")]}":
            depth -= 1
            if depth == 0:
                return tokens[opening].start, token.end, None
    return tokens[opening].start, tokens[opening].end, None


def _blank(
    lines: list[str], start: tuple[int, int], end: tuple[int, int], replacement: str | None
) -> None:
    """Replace the text from `start` to `end` (tokenize's 1-based rows, 0-based columns)
    by `replacement`, or by spaces, keeping its line breaks."""
    for row in range(start[0], end[0] + 1):
        line = lines[row - 1]
        if replacement is None and row < end[0] and not line.strip():
            raise _Unmendable  # no continuation fits an empty line
        first = start[1] if row == start[0] else 0
        last = end[1] if row == end[0] else len(line.rstrip("\r\n"))
        filler = replacement if replacement is not None else " " * (last - first)
        if replacement is None and row < end[0] and filler:
            filler = filler[:-1] + "\\"  # the header goes on: a line continuation
        lines[row - 1] = line[:first] + filler + line[last:]
