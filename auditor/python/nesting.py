"""How deeply a parsed Python module nests, measured before it is analysed.

CPython's parser guards itself (200 nested brackets, 100 indentation levels,
a recursion limit while it builds the tree); what it accepts can still be far
deeper than runaudit's own walks should follow. A tree deeper than
`MAX_DEPTH` is reported as a parse error and not analysed.
"""

from __future__ import annotations

import ast
from typing import NamedTuple

MAX_DEPTH = 400  # tree levels
# What CPython's parser says when a file nests beyond its own limits.
CPYTHON_LIMITS = ("too many nested", "too many levels of indentation", "too complex")


class TooDeep(NamedTuple):
    """Where nesting first exceeds what runaudit will parse, and why."""

    offset: int  # character offset in the text
    reason: str


def too_deep(tree: ast.AST, text: str) -> TooDeep | None:
    """Why the module `tree` (parsed from `text`) nests too deeply to analyse, or None."""
    try:
        return _tree_nesting(tree, text)
    except RecursionError:
        return TooDeep(0, "too deeply nested to measure")


def shallow(tree: ast.AST, text: str) -> bool:
    """Whether `text`, already parsed by `ast` into `tree`, nests little enough to analyse
    (the project index parses every module it summarises: the audit need not again)."""
    try:
        return _tree_nesting(tree, text) is None
    except RecursionError:
        return False


def _line_starts(text: str) -> list[int]:
    starts = [0]
    index = text.find("\n")
    while index >= 0:
        starts.append(index + 1)
        index = text.find("\n", index + 1)
    return starts


def _char_offset(text: str, lines: list[int], line: int, byte_column: int) -> int:
    """The character offset of an `ast` position (1-based line, UTF-8 byte column)."""
    start = lines[min(max(line, 1), len(lines)) - 1]
    prefix = text[start : start + byte_column].encode("utf-8", "replace")[:byte_column]
    return start + len(prefix.decode("utf-8", "ignore"))


def _tree_nesting(tree: ast.AST, text: str) -> TooDeep | None:
    # Iterative: the tree may be as deep as CPython allows, far deeper than Python recursion.
    # Each entry: a node, its depth, and the nearest node that has a position (itself or above).
    # A statement adds at most one level per character it spans (`-x`, `a.b`, `a+b`), plus
    # its expression wrapper and a context node: a short statement deep enough to matter
    # cannot exist, so only long ones are walked.
    lines = _line_starts(text)
    stack: list[tuple[ast.AST, int, ast.AST]] = [(tree, 1, tree)]
    while stack:
        node, depth, located = stack.pop()
        if hasattr(node, "lineno"):
            located = node
        if depth > MAX_DEPTH:
            line, column = getattr(located, "lineno", 1), getattr(located, "col_offset", 0)
            offset = _char_offset(text, lines, line, column)
            return TooDeep(offset, f"more than {MAX_DEPTH} levels of nesting")
        if isinstance(node, ast.stmt) and depth + _extent(node, lines) + 4 <= MAX_DEPTH:
            continue
        stack.extend((child, depth + 1, located) for child in ast.iter_child_nodes(node))
    return None


def _extent(statement: ast.stmt, lines: list[int]) -> int:
    """At least the number of characters a statement spans (from the start of its line)."""
    first, last = statement.lineno, statement.end_lineno or len(lines)
    end_column = statement.end_col_offset if statement.end_col_offset is not None else 1 << 30
    last_start = lines[min(max(last, 1), len(lines)) - 1]
    # UTF-8 byte columns are at least the character columns: an overestimate, never under.
    return last_start + end_column - lines[min(max(first, 1), len(lines)) - 1]
