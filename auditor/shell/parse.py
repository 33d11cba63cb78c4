"""tree-sitter-bash front end: parse text, find the first error, map byte offsets."""

from __future__ import annotations

import bisect
import functools
import importlib.machinery
import importlib.util
import itertools
import re
import sys

import tree_sitter

from auditor.unit import ParseError

Node = tree_sitter.Node
# Characters tree-sitter-bash must never see: lone surrogates have no UTF-8 form, and
# `{` followed by any 4-byte UTF-8 character makes tree-sitter-bash 0.25 read out of
# bounds and crash the process (tree-sitter/tree-sitter-bash#337).
_UNPARSABLE = re.compile("[\ud800-\udfff\U00010000-\U0010ffff]")


@functools.cache
def _parser() -> tree_sitter.Parser:
    return tree_sitter.Parser(tree_sitter.Language(_bash_grammar()))


def _bash_grammar() -> object:
    """tree-sitter-bash's compiled grammar (the pointer its `language()` returns).

    The package's `__init__` imports `importlib.resources` for a highlighting query
    runaudit never reads, and with it tempfile, random and shutil: about 5 ms, a tenth
    of a pre-commit run. So the grammar's extension module is loaded from the
    package's folder directly; anything unexpected falls back to the plain import.
    """
    if "tree_sitter_bash" not in sys.modules:
        try:
            package = importlib.util.find_spec("tree_sitter_bash")
            folders = package.submodule_search_locations if package is not None else None
            if folders:
                name = "tree_sitter_bash._binding"
                spec = importlib.machinery.PathFinder.find_spec(name, folders)
                loader = spec.loader if spec is not None else None
                if spec is not None and isinstance(loader, importlib.machinery.ExtensionFileLoader):
                    binding = importlib.util.module_from_spec(spec)
                    loader.exec_module(binding)
                    return binding.language()
        except (ImportError, OSError, AttributeError):
            pass
    import tree_sitter_bash

    return tree_sitter_bash.language()


class ShellText:
    """Shell source parsed by tree-sitter, with byte-to-character offset conversion."""

    def __init__(self, text: str) -> None:
        # U+FFFD stands in for them: one character for one, so every character offset
        # stays that of the caller's text (byte offsets are this text's own).
        text = _UNPARSABLE.sub("\ufffd", text)
        self.text = text
        original = text.encode("utf-8")
        self._original = original
        self.data, self.tree, self._inserted = _parse_repaired(original)
        self._ascii = len(original) == len(text)
        self._line_chars: list[int] = [0]
        self._line_bytes: list[int] = [0]
        if not self._ascii:
            chars = bytes_ = 0
            for line in text.split("\n")[:-1]:
                chars += len(line) + 1
                bytes_ += len(line.encode("utf-8")) + 1
                self._line_chars.append(chars)
                self._line_bytes.append(bytes_)

    @property
    def root(self) -> Node:
        """The root `program` node."""
        return self.tree.root_node

    def char_offset(self, byte_offset: int) -> int:
        """The character offset of a byte offset into the (repaired) UTF-8 text."""
        byte_offset -= bisect.bisect_left(self._inserted, byte_offset)
        if self._ascii:
            return byte_offset
        row = bisect.bisect_right(self._line_bytes, byte_offset) - 1
        prefix = self._original[self._line_bytes[row] : byte_offset]
        return self._line_chars[row] + len(prefix.decode("utf-8", errors="replace"))

    def span(self, node: Node) -> tuple[int, int]:
        """A node's start and end as character offsets."""
        return self.char_offset(node.start_byte), self.char_offset(node.end_byte)

    def node_text(self, node: Node) -> str:
        """The source text of a node."""
        return self.data[node.start_byte : node.end_byte].decode("utf-8", errors="replace")

    def first_error(self) -> ParseError | None:
        """The first ERROR or MISSING node in source order, if the parse failed."""
        root = self.root
        if not root.has_error:
            return None
        node = root
        while True:
            if node.is_missing:
                start, end = self.span(node)
                return ParseError(start, end, f"missing `{node.type}`")
            if node.type == "ERROR":
                return self._error_at(node)
            child = next((c for c in node.children if c.has_error or c.is_missing), None)
            if child is None:
                return self._error_at(node)
            node = child

    def _error_at(self, node: Node) -> ParseError:
        start, end = self.span(node)
        first_line = self.text[start:end].split("\n", 1)[0].strip()
        if len(first_line) > 40:
            first_line = first_line[:37] + "..."
        if first_line:
            return ParseError(start, end, f"could not parse `{first_line}`")
        return ParseError(start, end, "could not parse this part of the script")


_MAX_REPAIRS = 256


def descendants(root: Node) -> list[Node]:
    """Every named node under `root` (itself included), in source order."""
    found: list[Node] = []
    stack = [root]
    while stack:
        node = stack.pop()
        found.append(node)
        stack.extend(reversed(node.named_children))
    return found


def _parse_repaired(data: bytes) -> tuple[bytes, tree_sitter.Tree, list[int]]:
    """Parse, working around two tree-sitter-bash 0.25 misparses, keeping offsets exact.

    1. After a pipeline of three or more stages, a later here-doc makes the
       grammar read every line in between as arguments of the pipeline's last
       command: a `;` inserted where that command really ends fixes it.
    2. `a | b | c || d` (three or more stages before `&&`/`||`) comes out as
       `a | (b | c || d)`: braces around the pipeline, `{ a | b | c; } || d`,
       give the tree bash means.

    The offsets of the inserted bytes are returned so positions map back exactly.
    """
    inserted: list[int] = []
    tree = _parser().parse(data)
    # Without a here-doc the first misparse cannot happen: a command across a newline
    # is then error recovery around a real parse error, which no `;` mends (and looking
    # for one after every re-parse made one 70 KB script take 1.5 s).
    heredoc = b"<<" in data
    for _ in range(_MAX_REPAIRS):
        cut = _swallowed_newline(tree.root_node, data) if heredoc else None
        if cut is not None:
            insertions = [(cut, b";")]
        else:
            span = _misgrouped_pipeline(tree.root_node)
            if span is None:
                break
            insertions = [(span[1], b"; }"), (span[0], b"{ ")]  # the later one first
        for at, text in insertions:
            data = data[:at] + text + data[at:]
            inserted = [p + len(text) if p >= at else p for p in inserted]
            inserted.extend(range(at, at + len(text)))
        inserted.sort()
        tree = _parser().parse(data)
    return data, tree, inserted


def _misgrouped_pipeline(root: Node) -> tuple[int, int] | None:
    """Where `a | (b | c || d)` should have been the pipeline `a | b | c`: its byte span."""
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "pipeline":
            last = [c for c in node.named_children if c.type != "comment"][-1:]
            if last and last[0].type == "list":
                first = last[0]
                while first.type == "list" and first.named_children:
                    first = first.named_children[0]
                return node.start_byte, first.end_byte
        stack.extend(reversed(node.children))
    return None


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
