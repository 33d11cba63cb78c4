"""Where tree-sitter-bash 0.25 misreads valid shell, and the text edits that mend it.

Each finder reads a tree and the bytes it was parsed from and returns edits
that make the text one bash reads the same way but the grammar reads right.
An edit either replaces bytes with as many others (positions do not move) or
inserts bytes; the parser keeps the offsets of what it inserted, so every
node still maps to its exact place in the original text.
"""

from __future__ import annotations

import itertools
from typing import NamedTuple

from tree_sitter import Node


class Repair(NamedTuple):
    """Replace `data[at : at + length]` with `text`: same length, or an insertion (0)."""

    at: int
    length: int
    text: bytes


def misparse_repair(root: Node, data: bytes, heredoc: bool) -> list[Repair]:
    """Edits for a tree that parsed without error but is not bash's, one place at a time.

    1. After a pipeline of three or more stages, a later here-doc makes the
       grammar read every line in between as arguments of the pipeline's last
       command: a `;` inserted where that command really ends fixes it.
    2. `a | b | c || d` (three or more stages before `&&`/`||`) comes out as
       `a | (b | c || d)`: braces around the pipeline, `{ a | b | c; } || d`,
       give the tree bash means.
    3. `a || b 2>&1 | c` (a redirect on the stage after `&&`/`||`) comes out as
       `(a || b) 2>&1 | c`: braces around `b 2>&1 | c` give bash's `a || (b | c)`.
    """
    # Without a here-doc the first misparse cannot happen: a command across a newline
    # is then error recovery around a real parse error, which no `;` mends (and looking
    # for one after every re-parse made one 70 KB script take 1.5 s).
    cut = _swallowed_newline(root, data) if heredoc else None
    if cut is not None:
        return [Repair(cut, 0, b";")]
    span = _misgrouped_pipeline(root)
    if span is None:
        return []
    return [Repair(span[0], 0, b"{ "), Repair(span[1], 0, b"; }")]


def _misgrouped_pipeline(root: Node) -> tuple[int, int] | None:
    """The byte span bash reads as one pipeline where the grammar put an and-or list.

    `a | (b | c || d)` should have been the pipeline `a | b | c`; `(a || b 2>&1) | c`
    should have been the pipeline `b 2>&1 | c`.
    """
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "pipeline":
            stages = [c for c in node.named_children if c.type != "comment"]
            if stages and stages[-1].type == "list":
                first = stages[-1]
                while first.type == "list" and first.named_children:
                    first = first.named_children[0]
                return node.start_byte, first.end_byte
            head = stages[0] if stages else None
            body = head.child_by_field_name("body") if head is not None else None
            if (
                head is not None
                and head.type == "redirected_statement"
                and body is not None
                and body.type == "list"
                and not _heredoc_around(node)
            ):
                return body.named_children[-1].start_byte, node.end_byte
        stack.extend(reversed(node.children))
    return None


def _heredoc_around(pipeline: Node) -> bool:
    """Whether the grammar hung a here-doc of the pipeline's last stage around it.

    Braces cannot close before the here-doc's body, and the grammar does not
    read a here-doc started inside braces on one line, so such a pipeline stays.
    """
    parent = pipeline.parent
    return (
        parent is not None
        and parent.type == "redirected_statement"
        and any(c.type == "heredoc_redirect" for c in parent.children)
    )


def _swallowed_newline(root: Node, data: bytes) -> int | None:
    """Where a `command` node that runs across an unescaped newline should end."""
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "command":
            words = [c for c in node.named_children if c.type != "comment"]
            for before, after in itertools.pairwise(words):
                gap = data[before.end_byte : after.start_byte]
                if b"\n" in gap.replace(b"\\\n", b""):
                    return before.end_byte
        stack.extend(reversed(node.children))
    return None
