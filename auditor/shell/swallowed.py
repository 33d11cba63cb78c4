"""Commands tree-sitter-bash 0.25 runs on past their newline, and where each really ends.

After a pipeline of three or more stages, a later here-doc or file redirect makes the
grammar read the lines in between as arguments of the pipeline's last command; a `;`
where that command ends mends it (`repair.misparse_repair`). Each such misreading
before a here-doc also leaves an entry in the grammar's here-doc list that is never
taken off: after about 145 of them the list outgrows the 1 KB the parser keeps of its
scanner's state, and the parse fails there (the 146th function of
`f() { a | b | c\ncat <<EOF … EOF\n}`, or with `<<-`). Only the places before that
error are read as bash reads them, and mending them and parsing the whole text again
moves the error 145 places on: a 100 KB script took 10 parses, a 2 MB one would take
hundreds. So past it the text is parsed again alone from the statement the error is
in, a window at a time, and every place in every window is mended in one parse.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from tree_sitter import Node

WINDOW = 16 * 1024  # bytes parsed at a time past an error: about 145 places of a few lines


def swallowed_newlines(root: Node, data: bytes, limit: int | None = None) -> list[int]:
    """Where each `command` node that runs across an unescaped newline should end, in
    source order (only commands that start before `limit`, if given)."""
    found: list[int] = []
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "command":
            words = [c for c in node.named_children if c.type != "comment"]
            for before, after in itertools.pairwise(words):
                gap = data[before.end_byte : after.start_byte]
                if b"\n" in gap.replace(b"\\\n", b""):
                    found.append(before.end_byte)
                    break
        children = node.children
        if limit is not None:
            children = [child for child in children if child.start_byte < limit]
        stack.extend(reversed(children))
    return found


def cuts_before_errors(root: Node, data: bytes, parse: Callable[[bytes], Node]) -> list[int]:
    """Where the commands that run on past their newline end, in the statements read
    without error: before the tree's first error, then in windows of the text after it,
    each parsed alone from a statement's start (see the module's docstring)."""
    cuts: list[int] = []
    start, window, truncated = 0, WINDOW, False
    while True:
        piece = data[start:] if not truncated else data[start : _line_end(data, start + window)]
        read = _read_prefix(root, len(piece), truncated)
        cuts += [start + cut for cut in swallowed_newlines(root, piece, read) if cut < read]
        if read == len(piece) and not truncated:
            return cuts
        if read > 0:
            start, window = start + read, WINDOW
        elif not truncated:
            return cuts  # an error in the first statement: a gap, for `gap_repairs`
        else:
            window *= 2  # a statement longer than the window
        truncated = _line_end(data, start + window) < len(data)
        root = parse(data[start : _line_end(data, start + window)] if truncated else data[start:])


def _line_end(data: bytes, at: int) -> int:
    """The end of the line `at` is in (past its newline), or of the text."""
    end = data.find(b"\n", at)
    return len(data) if end == -1 else end + 1


def _read_prefix(root: Node, length: int, truncated: bool) -> int:
    """How much of a text of `length` bytes, from its start, `root` reads in whole
    statements as bash does: all of it, or up to the statement before the first
    top-level statement with an error (or before the last, when the text was cut).

    The grammar's error recovery may take the start of a statement for a statement of
    its own (`f146` of `f146() {`): the one before the error is read again. One that
    starts before an earlier one ends (`cat <<EOF; echo x`, whose here-doc's body
    follows) is no place to start again.
    """
    statements = [child for child in root.children if child.is_named or child.is_missing]
    starts: list[int] = [0]  # where a statement starts after every earlier one ends
    reach = 0
    for index, statement in enumerate(statements):
        last = index == len(statements) - 1
        if statement.has_error or statement.is_missing or (truncated and last):
            before = statements[index - 1].start_byte if index else 0
            return max(start for start in starts if start <= before)
        if statement.start_byte >= reach:
            starts.append(statement.start_byte)
        reach = max(reach, statement.end_byte)
    return starts[-1] if root.has_error or truncated else length
