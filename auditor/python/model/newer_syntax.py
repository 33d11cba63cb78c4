"""Newer Python syntax read by an older `ast`: 3.12's `type X = …` statements and type
parameters (`def f[T](…)`, `class Box[T: int]:`, `type Pair[K, V] = …`) and f-strings
(`auditor.python.model.newer_fstrings`), and 3.14's `except` of several classes without
parentheses (`except TimeoutError, OSError:`, PEP 758).

runaudit runs on Python 3.11, where `ast.parse` rejects them, and real runner code uses
them. The text is rewritten so that an older parser reads it and every other position
stays where it is: the `type` keyword becomes `_:0;` (a bare annotation, then the alias
as a plain assignment) and a type parameter list becomes spaces (each of its lines but
the last ending in a line continuation); the commas between an `except`'s classes
become `|`, a union the analysis reads as the classes it joins. Nothing else is changed.
"""

from __future__ import annotations

import io
import tokenize

from auditor.python.model.newer_fstrings import older_fstrings

_STARTS = frozenset({tokenize.NEWLINE, tokenize.NL, tokenize.INDENT, tokenize.DEDENT})
_TYPE_KEYWORD = "_:0;"  # as long as `type`


def older_syntax(text: str, version: tuple[int, int] = (3, 11)) -> str | None:
    """The text with its newer syntax than `version` reads rewritten for an older parser
    (same length, same positions), or None when it has none or does not tokenize."""
    mended = older_fstrings(text) if version < (3, 12) else None
    typed = _older_types(text if mended is None else mended) if version < (3, 12) else None
    mended = mended if typed is None else typed
    listed = _older_excepts(text if mended is None else mended) if version < (3, 14) else None
    return mended if listed is None else listed


def _older_excepts(text: str) -> str | None:
    """The text with the commas between the classes of an unparenthesised `except`
    (`except A, B:`) made `|`, or None when it has none. (Python 2's `except E, e:`
    then reads too, `e` as a second class: a name no class of the tree or an SDK has.)"""
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError, ValueError):
        return None
    commas: list[tokenize.TokenInfo] = []
    for index, token in enumerate(tokens):
        if token.type != tokenize.NAME or token.string != "except":
            continue
        depth, found = 0, []
        for following in tokens[index + 1 :]:
            if following.type == tokenize.OP and following.string in "([{":
                depth += 1
            elif following.type == tokenize.OP and following.string in ")]}":
                depth -= 1
            elif depth == 0 and following.type == tokenize.OP and following.string == ",":
                found.append(following)
            elif depth == 0 and following.string in (":", "as"):
                commas += found if following.string == ":" else []
                break
    if not commas:
        return None
    lines = text.splitlines(keepends=True)
    for comma in commas:
        _blank(lines, comma.start, comma.end, "|")
    return "".join(lines)


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
