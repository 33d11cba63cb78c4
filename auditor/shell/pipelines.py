"""A pipeline statement's stages, flattened as bash runs them.

tree-sitter-bash nests pipelines (`a | b > f | c` has a redirected `a | b` as its first
stage) and puts the `| b` of `cat <<EOF | b` inside the here-doc redirect; the shell
model reads the flat list of stages from here.
"""

from __future__ import annotations

from auditor.shell.parse import Node


class PipelineParts:
    """The stages of one pipeline statement, and whether it is negated (`! a | b`)."""

    def __init__(self) -> None:
        self.stages: list[tuple[Node, bool]] = []  # each stage, and whether it reads a here-doc
        self.negated = False


def pipeline_parts(node: Node) -> PipelineParts | None:
    """The stages of a pipeline statement, flattened, or None if it is not one.

    tree-sitter-bash nests pipelines: `a | b > f | c` is a pipeline whose first
    stage is a redirected `a | b`, and the `| b` of `cat <<EOF | b` sits inside
    the here-doc redirect. Both are flattened into one list of stages.
    """
    parts = PipelineParts()
    _collect(node, parts)
    return parts if len(parts.stages) >= 2 else None


def _collect(node: Node, parts: PipelineParts) -> None:
    if node.type == "pipeline":
        for index, child in enumerate(c for c in node.named_children if c.type != "comment"):
            if index == 0 and child.type == "negated_command" and child.named_children:
                parts.negated = True  # `! a | b` negates the whole pipeline
                child = child.named_children[0]
            _collect(child, parts)
        return
    body = node.child_by_field_name("body") if node.type == "redirected_statement" else None
    if body is not None and body.type == "pipeline":
        _collect(body, parts)
        return
    tail = _heredoc_tail(node) if body is not None else None
    if body is not None and tail is not None:
        parts.stages.append((body, True))
        _collect(tail, parts)
        return
    parts.stages.append((node, False))


def heredoc_bodies(node: Node) -> list[Node]:
    """The here-doc texts of a statement piped on from its here-doc (`cat <<EOF | b`): the
    shell expands their `$(…)` before the first stage runs."""
    return [
        body
        for child in node.named_children
        if child.type == "heredoc_redirect"
        for body in child.named_children
        if body.type == "heredoc_body"
    ]


def _heredoc_tail(node: Node) -> Node | None:
    for child in node.named_children:
        if child.type == "heredoc_redirect":
            return next((c for c in child.named_children if c.type == "pipeline"), None)
    return None
