"""How deeply a Python file nests, measured before libcst is allowed to parse it.

libcst's native parser recurses on the machine stack: some thousands of nested
brackets or chained operators crash the whole process (SIGSEGV, not an
exception), and long before that its time grows quadratically. CPython's own
parser guards itself (200 nested brackets, 100 indentation levels, a recursion
limit while it builds the tree), so `ast` is the gate: a file CPython refuses
for its nesting, or whose tree is deeper than runaudit analyses anyway, is
reported as a parse error and never reaches libcst. When `ast` rejects a file
for another reason (syntax newer than this Python, a plain syntax error), a
token scan measures bracket depth and operator chains instead.
"""

from __future__ import annotations

import ast
import io
import tokenize
import warnings
from typing import NamedTuple

MAX_DEPTH = 400  # tree levels; libcst's metadata and visitors give up before this
MAX_BRACKETS = 200  # CPython's own limit ("too many nested parentheses")
MAX_CHAIN = 1000  # operators in one statement, when only tokens can be measured
_CPYTHON_LIMITS = ("too many nested", "too many levels of indentation", "too complex")
# Tokens that libcst turns into one more level of nesting when chained.
# fmt: off
_CHAIN_OPERATORS = frozenset({
    "+", "-", "*", "/", "//", "%", "**", "@", "<<", ">>", "&", "|", "^", "~", "<", ">", "<=",
    ">=", "==", "!=", ".", ":=", "not", "and", "or", "if", "else", "lambda", "await", "is", "in",
})
# fmt: on


class TooDeep(NamedTuple):
    """Where nesting first exceeds what runaudit will parse, and why."""

    offset: int  # character offset in the text
    reason: str


def too_deep(text: str) -> TooDeep | None:
    """Why `text` is nested too deeply to hand to libcst, or None if it is not."""
    try:
        with warnings.catch_warnings():  # `"\$"` in audited code is not the user's concern here
            warnings.simplefilter("ignore")
            tree = ast.parse(text)
    except (RecursionError, MemoryError):
        reason = "too deeply nested for Python's own parser"
        return _token_nesting(text) or TooDeep(0, reason)
    except SyntaxError as error:
        if any(limit in str(error.msg) for limit in _CPYTHON_LIMITS):
            lines = _line_starts(text)
            line = min(max(error.lineno or 1, 1), len(lines))
            return TooDeep(lines[line - 1] + max((error.offset or 1) - 1, 0), str(error.msg))
        return _token_nesting(text)
    except ValueError:  # NUL bytes (Python 3.11)
        return _token_nesting(text)
    return _tree_nesting(tree, text)


def shallow(tree: ast.AST, text: str) -> bool:
    """Whether `text`, already parsed by `ast` into `tree`, nests little enough for libcst
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
        # libcst nests `a and b and c` one level per operand; `ast` keeps them in one list.
        step = len(node.values) if isinstance(node, ast.BoolOp) else 1
        stack.extend((child, depth + step, located) for child in ast.iter_child_nodes(node))
    return None


def _extent(statement: ast.stmt, lines: list[int]) -> int:
    """At least the number of characters a statement spans (from the start of its line)."""
    first, last = statement.lineno, statement.end_lineno or len(lines)
    end_column = statement.end_col_offset if statement.end_col_offset is not None else 1 << 30
    last_start = lines[min(max(last, 1), len(lines)) - 1]
    # UTF-8 byte columns are at least the character columns: an overestimate, never under.
    return last_start + end_column - lines[min(max(first, 1), len(lines)) - 1]


def _token_nesting(text: str) -> TooDeep | None:
    lines = _line_starts(text)
    depth = chain = 0
    previous = ""
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            kind, string = token.type, token.string
            closed, previous = previous in (")", "]"), string
            if kind == tokenize.NEWLINE:
                chain = 0
            elif kind == tokenize.OP and string in "([{":
                depth += 1
                chain += closed  # a call or subscript of a call or subscript: `f()()`, `a[0][0]`
            elif kind == tokenize.OP and string in ")]}":
                depth = max(depth - 1, 0)
            elif kind in (tokenize.OP, tokenize.NAME) and string in _CHAIN_OPERATORS:
                chain += 1
            else:
                continue
            if depth > MAX_BRACKETS or chain > MAX_CHAIN:
                row, column = token.start
                offset = lines[min(max(row, 1), len(lines)) - 1] + column
                what = "nested brackets" if depth > MAX_BRACKETS else "chained operators"
                limit = MAX_BRACKETS if depth > MAX_BRACKETS else MAX_CHAIN
                return TooDeep(offset, f"more than {limit} {what}")
    except (tokenize.TokenError, SyntaxError, ValueError):
        return None  # libcst's tokenizer stops at the same place and reports it
    return None
