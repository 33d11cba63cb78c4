"""tree-sitter-bash front end: parse text, find what it could not read, map byte offsets."""

from __future__ import annotations

import bisect
import functools
import importlib.machinery
import importlib.util
import re
import sys
from collections import OrderedDict

import tree_sitter

from auditor.shell.heredoc_gaps import here_document_repairs
from auditor.shell.repair import Repair, bats_tests, gap_repairs, misparse_repair
from auditor.shell.shape import check_shape

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
        check_shape(text)  # raises `NotAudited` before a parse that would not end in time
        self.text = text
        original = text.encode("utf-8")
        self._original = original
        self.data, self.tree, self._inserted = _parse_repaired(original)
        # the functions blanked when one construct would leave the whole text unread
        self.data, self.tree, self._blanked = blank_failing_functions(self.data, self.tree)
        self._ascii = len(original) == len(text)
        self._nodes: list[Node] | None = None
        self._starts: list[int] = []
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

    def nodes(self) -> list[Node]:
        """Every named node of the tree in source order (listed once, then memoised)."""
        if self._nodes is None:
            self._nodes = descendants(self.root)
            self._starts = [node.start_byte for node in self._nodes]
        return self._nodes

    def nodes_from(self, offset: int) -> list[Node]:
        """The named nodes that start at byte `offset` or later, in source order."""
        nodes = self.nodes()
        return nodes[bisect.bisect_left(self._starts, offset) :]

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

    def unread_region(self) -> tuple[int, int] | None:
        """The character span of the first part tree-sitter could not read, if any.

        An ERROR node is the text it skipped; a MISSING token stands for the
        construct it could not complete, its parent.
        """
        blanked = self._blanked[0] if self._blanked else None
        if blanked is not None:
            start, end = blanked
            return self.char_offset(start), self.char_offset(end)
        first = _first_error(self.root)
        return self.span(first) if first is not None else None

    def more_unread(self) -> int:
        """How many places beside `unread_region`'s were not read: the other functions
        blanked, and an error the tree still holds after them."""
        if not self._blanked:
            return 0
        return len(self._blanked) - 1 + self.root.has_error


# The texts parsed last, kept for the next reader of the same text: the project index
# walks a script for what it sources, then the file's audit reads it (`shell_text`).
_KEPT: OrderedDict[str, ShellText] = OrderedDict()
_KEEP = 8  # a pre-commit run's scripts: a bigger run gains nothing from more


def shell_text(text: str, *, keep: bool = True) -> ShellText:
    """The parse of `text`, made once for the index and the audit (as `parse_module`
    does for Python); `keep` false: the audit's, the text's last reader, keeps none."""
    parsed = _KEPT.pop(text, None) or ShellText(text)
    if keep:
        _KEPT[text] = parsed
        if len(_KEPT) > _KEEP:
            _KEPT.popitem(last=False)
    return parsed


_MAX_REPAIRS = 256
# The node types of a shell loop.
LOOPS = frozenset({"while_statement", "for_statement", "c_style_for_statement"})


def within(node: Node, container: Node) -> bool:
    """Whether `node` lies in `container` (or is it)."""
    return container.start_byte <= node.start_byte and node.end_byte <= container.end_byte


def clause_conditions(clause: Node) -> list[Node]:
    """The condition statements of an `if` or `elif` (those before its `then`)."""
    then = next((c for c in clause.children if c.type == "then"), None)
    limit = then.start_byte if then is not None else clause.start_byte
    return [c for c in clause.named_children if c.end_byte <= limit]


def other_branch(node: Node, other: Node) -> bool:
    """Whether `node` and `other` lie in different arms of one `case`, or in different
    branches of one `if` (past its conditions): one run of it runs only one of them."""
    holder: Node | None = other.parent
    while holder is not None and not within(node, holder):
        holder = holder.parent
    if holder is None or holder.type not in ("case_statement", "if_statement"):
        return False
    if holder.type == "case_statement":
        arms = [c for c in holder.named_children if c.type == "case_item"]
        return any(within(node, arm) for arm in arms) and any(within(other, arm) for arm in arms)
    branches = [c for c in holder.named_children if c.type in ("elif_clause", "else_clause")]
    conditions = clause_conditions(holder)
    if any(within(node, c) or within(other, c) for c in conditions):
        return False
    return any(within(node, b) for b in branches) or any(within(other, b) for b in branches)


def enclosing_loop(node: Node) -> Node | None:
    """The innermost loop around `node` in its function (or script)."""
    current = node.parent
    while current is not None and current.type != "function_definition":
        if current.type in LOOPS:
            return current
        current = current.parent
    return None


def case_item_statements(item: Node) -> list[Node]:
    """The statements of a `case` item, after its patterns."""
    close = next((c for c in item.children if c.type == ")"), None)
    start = close.end_byte if close is not None else item.start_byte
    return [c for c in item.named_children if c.start_byte >= start]


def if_arms(node: Node) -> list[tuple[list[Node], list[Node]]]:
    """The condition and statements of each arm of an `if` (`elif`s, then `else` with
    no condition, or an empty `else` bash takes when there is none)."""
    arms: list[tuple[list[Node], list[Node]]] = []
    has_else = False
    for holder in [node, *(c for c in node.named_children if c.type == "elif_clause")]:
        then = next((c for c in holder.children if c.type == "then"), None)
        if then is None:
            return []
        body = [
            c
            for c in holder.named_children
            if c.type not in ("elif_clause", "else_clause", "comment")
        ]
        arms.append(
            (
                [c for c in body if c.end_byte <= then.start_byte],
                [c for c in body if c.start_byte > then.start_byte],
            )
        )
    for clause in (c for c in node.named_children if c.type == "else_clause"):
        has_else = True
        arms.append(([], [c for c in clause.named_children if c.type != "comment"]))
    if not has_else:
        arms.append(([], []))
    return arms


def enclosing_definition(node: Node) -> Node | None:
    """The innermost function definition around `node`, if any."""
    current = node.parent
    while current is not None and current.type != "function_definition":
        current = current.parent
    return current


def same_node(first: Node | None, second: Node) -> bool:
    """Whether `first` is the node `second` (tree-sitter makes a new object per visit)."""
    return first is not None and first.id == second.id


def ending_command(definition: Node) -> Node | None:
    """The simple command a function's body ends by running, whose status is the call's
    (its last statement, when that is one, redirected or not; not a job `… &`)."""
    body = definition.child_by_field_name("body")
    children = body.named_children if body is not None else []
    last = next((c for c in reversed(children) if c.type != "comment"), None)
    if last is None or backgrounded(last):
        return None
    if last.type == "redirected_statement":
        last = last.child_by_field_name("body")
    return last if last is not None and last.type == "command" else None


def backgrounded(node: Node) -> bool:
    """Whether the statement `node` runs in the background (`… &`)."""
    sibling = node.next_sibling
    return sibling is not None and sibling.type == "&"


def descendants(root: Node) -> list[Node]:
    """Every named node under `root` (itself included), in source order."""
    found: list[Node] = []
    stack = [root]
    while stack:
        node = stack.pop()
        found.append(node)
        stack.extend(reversed(node.named_children))
    return found


def _errors(root: Node) -> int:
    """How many errors (and missing tokens) a tree holds."""
    count, stack = 0, [root]
    while stack:
        node = stack.pop()
        count += node.type == "ERROR" or node.is_missing
        stack.extend(child for child in node.children if child.has_error or child.is_missing)
    return count


def _root(data: bytes) -> Node:
    return _parser().parse(data).root_node


def _parse_repaired(data: bytes) -> tuple[bytes, tree_sitter.Tree, list[int]]:
    """Parse, mending tree-sitter-bash 0.25's misreadings of valid shell (`repair.py`).

    Returns the repaired bytes, their tree, and the offsets of the bytes the
    repairs inserted, so positions map back exactly.
    """
    inserted: list[int] = []
    heredoc = b"<<" in data
    before = [Repair(*edit) for edit in here_document_repairs(data)] if heredoc else []
    before += bats_tests(data)
    if before:
        data, inserted = _mended(data, before, inserted)
    tree = _parser().parse(data)
    misparses = True  # False once a misparse repair mended no error: the errors are gaps
    for _ in range(_MAX_REPAIRS):
        root = tree.root_node
        repairs = misparse_repair(root, data, heredoc, _root) if misparses else []
        gaps = not repairs and root.has_error
        if gaps:
            repairs = _changing(gap_repairs(root, data), data)
        if not repairs:
            break
        mended, moved = _mended(data, repairs, inserted)
        reparsed = _parser().parse(mended)
        if not gaps and root.has_error and _errors(reparsed.root_node) >= _errors(root):
            misparses = False  # a cut that mends nothing (the error is of another kind)
            continue
        misparses = misparses or gaps  # mended gaps: the misreadings are looked for again
        data, inserted, tree = mended, moved, reparsed
    return data, tree, inserted


def blank_failing_functions(
    data: bytes, tree: tree_sitter.Tree
) -> tuple[bytes, tree_sitter.Tree, list[tuple[int, int]]]:
    """A tree whose error swallows more than the function it starts in, or most of the
    text (tree-sitter-bash 0.25 gives up at one construct it cannot read and wraps what
    follows in an ERROR), read again without the top-level functions that fail to parse
    on their own: their bytes blanked (newlines kept, so every position stays), the rest
    read as bash does. Returns the text, its tree and the blanked byte spans (reported
    unread, RA900: the first by its lines, the others counted); the input as it is when
    no function is to blame or blanking them reads no more."""
    root = tree.root_node
    first = _first_error(root)
    if first is None:
        return data, tree, []
    functions = _top_functions(data)
    holder = next((f for f in functions if f[0] <= first.start_byte < f[1]), None)
    # the error runs on past the function it starts in, or over most of the text
    spills = holder is not None and first.end_byte > holder[1]
    if not spills and (first.end_byte - first.start_byte) * 2 < len(data):
        return data, tree, []
    failing = [
        (start, end)
        for start, end in functions
        if _parser().parse(data[start:end]).root_node.has_error
    ]
    if not failing:
        return data, tree, []
    blanked = bytearray(data)
    for start, end in failing:
        blanked[start:end] = re.sub(rb"[^\n]", b" ", data[start:end])
    reparsed = _parser().parse(bytes(blanked))
    if _errors(reparsed.root_node) >= _errors(root) and reparsed.root_node.has_error:
        return data, tree, []
    return bytes(blanked), reparsed, failing


def _first_error(node: Node) -> Node | None:
    """The first ERROR node of a tree (or the node a MISSING token leaves unfinished)."""
    if not node.has_error:
        return None
    while True:
        if node.is_missing:
            return node.parent or node
        if node.type == "ERROR":
            return node
        child = next((c for c in node.children if c.has_error or c.is_missing), None)
        if child is None:
            return node
        node = child


# A top-level function's first line (`name() {`, `function name {`) and its closing `}`.
_FUNCTION_START = re.compile(
    rb"(?m)^(?:function[ \t]+)?[A-Za-z_][\w:.-]*[ \t]*(?:\(\))?[ \t]*\{[ \t]*(?:#.*)?$"
)
_FUNCTION_END = re.compile(rb"(?m)^\}[ \t]*(?:#.*)?$")


def _top_functions(data: bytes) -> list[tuple[int, int]]:
    """The byte spans of the functions defined at a line's start, each up to the first
    `}` at a line's start after it."""
    found: list[tuple[int, int]] = []
    at = 0
    while (start := _FUNCTION_START.search(data, at)) is not None:
        end = _FUNCTION_END.search(data, start.end())
        if end is None:
            break
        found.append((start.start(), end.end()))
        at = end.end()
    return found


def _changing(repairs: list[Repair], data: bytes) -> list[Repair]:
    """The repairs that change `data`: a region's scans find again the words an earlier
    round mended (a `.` put for a `.`), and a round of those alone is no repair."""
    return [r for r in repairs if not r.length or data[r.at : r.at + r.length] != r.text]


def _mended(data: bytes, repairs: list[Repair], inserted: list[int]) -> tuple[bytes, list[int]]:
    """`data` with `repairs` made, in one pass (one at a time, each copied the text and
    moved every inserted offset: 3,000 repairs of a 100 KB script took 1.3 s), and the
    offsets of the bytes inserted, before and now, in the mended text, in order."""
    pieces: list[bytes] = []
    moved: list[int] = []
    position = shift = 0  # the next byte of `data` to copy, and the bytes inserted before it
    earlier = 0  # the first of `inserted` not yet moved
    # Two finders may give one repair (`${1:?…\"…}` is a message and a default word); one
    # inside another's replaced bytes is none that finders make, and is left out.
    for at, length, text in sorted(set(repairs)):  # insertions at one place in sorted order
        if at < position:
            continue
        while earlier < len(inserted) and inserted[earlier] < at:
            moved.append(inserted[earlier] + shift)
            earlier += 1
        pieces += (data[position:at], text)
        if length == 0:
            moved.extend(range(at + shift, at + shift + len(text)))
            shift += len(text)
        position = at + length
    moved.extend(offset + shift for offset in inserted[earlier:])
    pieces.append(data[position:])
    return b"".join(pieces), moved


BRANCHING = frozenset({"if_statement", "case_statement", "list"})  # statements with arms
THEN = -1  # the arm of an `if`'s condition and `then` part (see `arm_of`)


def other_arms(first: Node, second: Node) -> bool:
    """Whether two nodes sit in different arms of one `if` or `case` (the innermost
    statement holding both): no run passes through both."""
    above_first: dict[int, Node] = {}  # ancestor id -> the child of it on first's path
    child = first
    while child.parent is not None:
        above_first[child.parent.id] = child
        child = child.parent
    child = second
    while child.parent is not None:
        parent = child.parent
        mine = above_first.get(parent.id)
        if mine is not None:
            return parent.type in BRANCHING and arm_of(mine) != arm_of(child)
        child = parent
    return False


def loop_words(loop: Node) -> list[Node]:
    """The words a `for` loop walks (`for f in a "$b" lib/*.sh`), as written."""
    return [c for i, c in enumerate(loop.children) if loop.field_name_for_child(i) == "value"]


def always_after(first: Node, later: Node) -> bool:
    """Whether `later` runs on every run that passes `first` (it comes after it in the
    text): between it and the innermost statement holding both, nothing may skip it, no
    arm of an `if` or `case` but its condition, no loop body, no operand of `&&`/`||`
    after the first."""
    above_first = set()
    current: Node | None = first
    while current is not None:
        above_first.add(current.id)
        current = current.parent
    child = later
    while child.parent is not None and child.parent.id not in above_first:
        parent = child.parent
        if parent.type in _SKIPPING or (parent.type in LOOPS and field_of(child) == "body"):
            return False
        if parent.type == "if_statement" and field_of(child) != "condition":
            return False
        if parent.type == "list" and parent.named_children[0].id != child.id:
            return False
        child = parent
    return True


_SKIPPING = frozenset({"elif_clause", "else_clause", "case_item", "case_statement"})


def field_of(node: Node) -> str | None:
    """The field of its parent a node stands in (`condition`, `body`), if any."""
    parent = node.parent
    if parent is None:
        return None
    for index, child in enumerate(parent.children):
        if child.id == node.id:
            return parent.field_name_for_child(index)
    return None


def arm_of(child: Node) -> int:
    """Which arm of an `if`/`case` a child is in: its `elif`/`else`/case item, or the
    `then` part (`THEN`: its statements are children of the `if` itself)."""
    return child.id if child.type in ("elif_clause", "else_clause", "case_item") else THEN


def named(parent: Node, field: str | None = None) -> list[Node]:
    """Named children of `parent` in a field (None: those in no field), comments left out."""
    return [
        c
        for i, c in enumerate(parent.children)
        if c.is_named
        and c.type not in ("comment", "heredoc_body")
        and parent.field_name_for_child(i) == field
    ]


def if_clauses(node: Node) -> tuple[list[tuple[list[Node], list[Node]]], list[Node]]:
    """An `if`'s clauses in order (the `if`, then each `elif`: its conditions and its
    body) and its `else`'s statements; no clauses for one the grammar did not finish."""
    clauses: list[tuple[list[Node], list[Node]]] = []
    for clause in [node, *(c for c in named(node) if c.type == "elif_clause")]:
        then = next((c for c in clause.children if c.type == "then"), None)
        if then is None:
            return [], []
        statements = [c for c in named(clause) if c.type not in ("elif_clause", "else_clause")]
        statements += named(clause, "condition")
        statements.sort(key=lambda c: c.start_byte)
        split = [c for c in statements if c.end_byte <= then.start_byte]
        clauses.append((split, [c for c in statements if c.start_byte > then.start_byte]))
    return clauses, [s for c in named(node) if c.type == "else_clause" for s in named(c)]
