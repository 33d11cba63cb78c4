"""A parsed Python module with the indexes hosts and rules read, built in one visit.

libcst costs about 0.4 s to import, so this module is imported only when a
Python file's text passes a prefilter; nothing at CLI start imports it.
Positions come from libcst's span-recording code generator, run only for the
top-level statements a rule asks about and counting characters, not bytes
(so no offset needs converting). Qualified names
of callees come from the module's imports (`import subprocess as sp`,
`from subprocess import run`), which is what libcst's `QualifiedNameProvider`
would report for them, at a fraction of its cost.
"""

from __future__ import annotations

import dataclasses
import re
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple, cast

import libcst as cst
from libcst.metadata import ByteSpanPositionProvider, CodeSpan
from libcst.metadata.span_provider import SpanProvidingCodegenState

from auditor.agent_status import AgentStatus
from auditor.finding import Position, Span
from auditor.profiles import AgentCatalog, default_catalog
from auditor.project import ProjectIndex
from auditor.python.nesting import too_deep
from auditor.source import SourceFile
from auditor.unit import ParseError

if TYPE_CHECKING:
    from auditor.python.sdk_catalog import SdkCatalog
    from auditor.python.steps import StepCatalog

_SURROGATE = re.compile("[\ud800-\udfff]")
StringNode = cst.SimpleString | cst.ConcatenatedString | cst.FormattedString
_STRING_TYPES = frozenset({cst.SimpleString, cst.ConcatenatedString, cst.FormattedString})
# Nodes whose `body` lists statements in source order.
_BODIES = (cst.Module, cst.IndentedBlock, cst.SimpleStatementLine, cst.SimpleStatementSuite)


class Binding(NamedTuple):
    """One change to a local name: `x = …`, `x += …`, `x.append(…)`, `x.extend(…)`."""

    at: cst.CSTNode  # the statement or call making the change; it applies after it ends
    kind: str  # "assign", "add", "append", "extend"
    value: cst.BaseExpression


class _Spans:
    """Character spans of a module's nodes, recorded one top-level statement at a time.

    libcst's `ByteSpanPositionProvider` records every node of the module in a
    span-recording code-generation pass, which costs three times plain code
    generation. Rules ask about a few statements of a module, so only those
    are recorded (with `len` as the length function: characters, not bytes);
    the others are generated plainly once, for their lengths.
    """

    def __init__(
        self, tree: cst.Module, parents: Mapping[cst.CSTNode, cst.CSTNode], length: int
    ) -> None:
        self.tree, self.parents = tree, parents
        self.length = length  # a module without a final newline is generated with one
        self.spans: dict[cst.CSTNode, tuple[int, int]] = {}
        self._starts: dict[cst.CSTNode, int] | None = None

    def __getitem__(self, node: cst.CSTNode) -> tuple[int, int]:
        found = self.spans.get(node)
        if found is None:
            top = node
            while (parent := self.parents.get(top)) is not None and parent is not self.tree:
                top = parent
            starts = self._statement_starts()
            if top in starts:
                self._record(top, starts[top])
            else:  # the module itself, or a node outside its statements
                self._record(self.tree, 0)
            found = self.spans[node]
        return found

    def _state(self, position: int) -> tuple[ByteSpanPositionProvider, SpanProvidingCodegenState]:
        provider = ByteSpanPositionProvider()
        state = SpanProvidingCodegenState(
            default_indent=self.tree.default_indent,
            default_newline=self.tree.default_newline,
            provider=provider,
            get_length=len,
            position=position,
        )
        return provider, state

    def _record(self, node: cst.CSTNode, position: int) -> None:
        provider, state = self._state(position)
        node._codegen(state)
        computed = cast(dict[cst.CSTNode, CodeSpan], provider._computed)  # never lazy for spans
        for child, span in computed.items():
            end = min(span.start + span.length, self.length)
            self.spans[child] = (min(span.start, end), end)

    def _statement_starts(self) -> dict[cst.CSTNode, int]:
        if self._starts is None:
            self._starts = {}
            position = sum(len(self.tree.code_for_node(line)) for line in self.tree.header)
            for statement in self.tree.body:
                self._starts[statement] = position
                position += len(self.tree.code_for_node(statement))
        return self._starts


@dataclass
class PythonModule:
    """A module, where its nodes are, and indexes built in one visit."""

    source: SourceFile
    tree: cst.Module
    parents: dict[cst.CSTNode, cst.CSTNode] = field(default_factory=dict)
    # every call in source order, with the qualified names its callee may have
    calls: dict[cst.Call, frozenset[str]] = field(default_factory=dict)
    strings: list[StringNode] = field(default_factory=list)  # outermost string expressions
    # (scope, name) -> bindings in source order; scope is a FunctionDef or the Module
    bindings: dict[tuple[cst.CSTNode, str], list[Binding]] = field(
        default_factory=lambda: defaultdict(list)
    )
    # local name -> the dotted name it was imported as (`sp` -> `subprocess`)
    aliases: dict[str, str] = field(default_factory=dict)
    # (scope, name) -> attributes read on it (`returncode`, `wait`, …)
    attribute_reads: dict[tuple[cst.CSTNode, str], set[str]] = field(
        default_factory=lambda: defaultdict(set)
    )
    _spans: _Spans | None = None

    def span(self, node: cst.CSTNode) -> tuple[int, int]:
        """A node's start and end as character offsets in the file.

        Computed on demand: most parsed modules never ask.
        """
        if self._spans is None:
            self._spans = _Spans(self.tree, self.parents, len(self.source.text))
        return self._spans[node]

    def ends_before(self, first: cst.CSTNode, second: cst.CSTNode) -> bool:
        """Whether `first` ends before `second` starts.

        Statements of one body are in source order, so two nodes under
        different statements of a body are ordered without positions (the
        usual question: does this assignment come before that use?). libcst's
        fields are not all in source order (decorators, `leading_lines`,
        keyword arguments come after what they precede), so anything else is
        decided by positions.
        """
        above_first: list[cst.CSTNode] = [first]
        while (parent := self.parents.get(above_first[-1])) is not None:
            above_first.append(parent)
        chain = set(above_first)
        child, node = second, self.parents.get(second)
        while node is not None and second not in chain and node not in chain:
            child, node = node, self.parents.get(node)
        if second in chain or node is first:
            return False  # one holds the other
        if node is not None and isinstance(node, _BODIES):
            mine = above_first[above_first.index(node) - 1]
            places = {id(item): index for index, item in enumerate(node.body)}
            if id(mine) in places and id(child) in places:
                return places[id(mine)] < places[id(child)]
        return self.span(first)[1] <= self.span(second)[0]

    def scope_of(self, node: cst.CSTNode) -> cst.CSTNode:
        """The function (or the module) that a node belongs to."""
        current = self.parents.get(node)
        while current is not None and not isinstance(current, cst.FunctionDef):
            current = self.parents.get(current)
        return current if current is not None else self.tree

    def parent(self, node: cst.CSTNode) -> cst.CSTNode | None:
        """The node that holds `node`."""
        return self.parents.get(node)


@dataclass
class PythonUnit:
    """A Python file for rules: the parsed module, or why it could not be parsed."""

    source: SourceFile
    module: PythonModule | None
    error: ParseError | None = None
    catalog: AgentCatalog = field(default_factory=default_catalog)  # profiles in force
    project: ProjectIndex = field(default_factory=ProjectIndex)  # the rest of the tree
    sdk: SdkCatalog | None = None  # LLM SDK constructors and policy; None: the built-in data
    steps: StepCatalog | None = None  # step callables and retry libraries; None: built-in
    _agent_status: AgentStatus | None = None

    def agent_status(self) -> AgentStatus:
        """What this module does with its agents' exit statuses (computed once)."""
        if self._agent_status is None:
            if self.module is None:
                self._agent_status = AgentStatus.empty()
            else:
                from auditor.python.agent_status import python_agent_status
                from auditor.python.project_calls import wrapped_launches

                wrapped = wrapped_launches(self)
                self._agent_status = python_agent_status(self.module, self.catalog, wrapped)
        return self._agent_status

    @property
    def text(self) -> str:
        """The file's text (prefilters read it)."""
        return self.source.text

    def parse_error(self) -> ParseError | None:
        """Where libcst failed to parse the file, if it did."""
        return self.error

    def host_span(self, start: int, end: int) -> Span:
        """The span of file offsets `start`..`end`."""
        return self.source.span(start, end)


MAX_INTEGER_DIGITS = 30  # longer literals are not exit codes or retry counts: unknown


def integer_value(node: cst.Integer) -> int | None:
    """The value of an integer literal, or None when it is too long to be a count or code."""
    text = node.value.replace("_", "")
    if len(text) > MAX_INTEGER_DIGITS:
        return None
    try:
        return int(text, 0)
    except ValueError:
        return None


def dotted_name(node: cst.BaseExpression) -> str | None:
    """`a.b.c` for a chain of names and attributes, else None."""
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        head = dotted_name(node.value)
        return f"{head}.{node.attr.value}" if head else None
    return None


# Fields that hold only whitespace, brackets and punctuation: never walked.
_SKIPPED = ("whitespace", "lpar", "rpar", "comma", "semicolon", "colon", "lbracket", "rbracket")
_FIELDS: dict[type, tuple[str, ...]] = {}


def _child_fields(node: cst.CSTNode) -> tuple[str, ...]:
    kind = type(node)
    names = _FIELDS.get(kind)
    if names is None:
        names = tuple(
            f.name
            for f in dataclasses.fields(node)
            if not f.name.startswith(_SKIPPED) and f.name not in ("header", "footer")
        )
        _FIELDS[kind] = names
    return names


_IS_NODE: dict[type, bool] = {}  # `isinstance(x, cst.CSTNode)` is an ABC check: slow


def _is_node(value: object) -> bool:
    kind = type(value)
    found = _IS_NODE.get(kind)
    if found is None:
        found = _IS_NODE[kind] = isinstance(value, cst.CSTNode)
    return found


def children(node: cst.CSTNode) -> list[cst.CSTNode]:
    """A node's children in field order, without whitespace and punctuation.

    Field order is source order for most nodes, not all (a function's
    decorators come after its body): see `PythonModule.ends_before`.
    """
    children: list[cst.CSTNode] = []
    for name in _child_fields(node):
        value = getattr(node, name)
        if type(value) is list or type(value) is tuple:
            children.extend(v for v in value if _is_node(v))
        elif _is_node(value):
            children.append(value)
    return children


def descendants(root: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """`root` and every node under it (without whitespace and punctuation), in pre-order.

    libcst's own visitor rebuilds each node as it goes, which costs more than
    parsing; reading the dataclass fields directly is several times faster.
    """
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(children(node)))


class _Indexer:
    def __init__(self, module: PythonModule) -> None:
        self.module = module
        self.aliases = module.aliases
        self._scope: cst.CSTNode = module.tree  # the function (or module) being visited

    def run(self, tree: cst.Module) -> None:
        """One pre-order pass: parents, outermost strings, `visit_*`.

        Each stack entry carries what a visitor would keep on enter/leave
        stacks (parent, enclosing function, whether inside a string), so no
        leave events are needed.
        """
        parents, strings = self.module.parents, self.module.strings
        visitors: dict[type, Callable[[Any], None] | None] = {}
        stack: list[tuple[cst.CSTNode, cst.CSTNode | None, cst.CSTNode, bool]]
        stack = [(tree, None, tree, False)]
        while stack:
            node, parent, scope, in_string = stack.pop()
            if parent is not None:
                parents[node] = parent
            kind = type(node)
            if kind not in visitors:
                visitors[kind] = getattr(self, "visit_" + kind.__name__, None)
            visit = visitors[kind]
            if visit is not None:
                self._scope = scope
                visit(node)
            if kind is cst.FunctionDef:
                scope = node
            if kind in _STRING_TYPES:  # exact types: `isinstance` on libcst's ABCs is slow
                if not in_string:
                    strings.append(cast(StringNode, node))
                in_string = True
            stack.extend((child, node, scope, in_string) for child in reversed(children(node)))

    def visit_Import(self, node: cst.Import) -> None:
        for alias in node.names:
            full = dotted_name(alias.name)
            if full is None:
                continue
            if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                self.aliases[alias.asname.name.value] = full
            else:
                head = full.split(".", 1)[0]
                self.aliases[head] = head

    def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
        if node.relative or node.module is None or isinstance(node.names, cst.ImportStar):
            return
        base = dotted_name(node.module)
        for alias in node.names:
            name = dotted_name(alias.name)
            if base is None or name is None:
                continue
            local = name
            if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                local = alias.asname.name.value
            self.aliases[local] = f"{base}.{name}"

    def _qualified(self, func: cst.BaseExpression) -> frozenset[str]:
        dotted = dotted_name(func)
        if dotted is None:
            return frozenset()
        head, _, rest = dotted.partition(".")
        resolved = self.aliases.get(head)
        if resolved is None:
            return frozenset({f"builtins.{dotted}"} if not rest else {dotted})
        return frozenset({f"{resolved}.{rest}" if rest else resolved})

    def visit_Call(self, node: cst.Call) -> None:
        self.module.calls[node] = self._qualified(node.func)
        func = node.func
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name):
            method = func.attr.value
            if method in ("append", "extend") and node.args:
                self._bind(func.value, method, node.args[0].value, node)

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            if isinstance(target.target, cst.Name):
                self._bind(target.target, "assign", node.value, node)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if isinstance(node.target, cst.Name) and node.value is not None:
            self._bind(node.target, "assign", node.value, node)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        if isinstance(node.target, cst.Name) and isinstance(node.operator, cst.AddAssign):
            self._bind(node.target, "add", node.value, node)

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if isinstance(node.value, cst.Name):
            key = (self._scope, node.value.value)
            self.module.attribute_reads[key].add(node.attr.value)

    def _bind(self, name: cst.Name, kind: str, value: cst.BaseExpression, at: cst.CSTNode) -> None:
        self.module.bindings[(self._scope, name.value)].append(Binding(at, kind, value))


def parse_python(
    source: SourceFile, catalog: AgentCatalog | None = None, *, shallow: bool = False
) -> PythonUnit:
    """Parse a Python file with libcst and index it; a syntax error is kept, not raised.

    `shallow`: the file is known to nest little enough for libcst (the project index
    measured it), so the nesting guard's own `ast` parse is skipped.
    """
    catalog = catalog or default_catalog()
    if _SURROGATE.search(source.text):
        # Text that did not come through `decode` (stdin, tests) may hold lone surrogates,
        # which libcst cannot encode; U+FFFD has the same length in characters and bytes.
        source = SourceFile(
            source.path, _SURROGATE.sub("\ufffd", source.text), source.encoding, source.decode_error
        )
    nesting = None if shallow else too_deep(source.text)
    if nesting is not None:  # libcst would crash the process, or take minutes
        message = f"Python nested too deeply to parse: {nesting.reason}"
        return PythonUnit(
            source, None, ParseError(nesting.offset, nesting.offset + 1, message), catalog
        )
    try:
        tree = cst.parse_module(source.text)
    except cst.ParserSyntaxError as error:
        line = max(1, min(error.editor_line, source.line_count))
        column = max(1, min(error.editor_column, len(source.line_text(line)) + 1))
        start = source.offset(Position(line, column))
        detail = re.sub(r"^parser error: (error at \d+:\d+: )?", "", error.message)
        if len(detail) > 60:
            detail = detail[:57] + "..."
        message = f"invalid Python syntax: {detail}" if detail else "invalid Python syntax"
        return PythonUnit(source, None, ParseError(start, start + 1, message), catalog)
    except cst.CSTValidationError as error:
        # Syntax the grammar accepts but Python does not (`'' b''`); libcst gives no position.
        message = f"invalid Python syntax: {str(error).rstrip('.')}"
        return PythonUnit(source, None, ParseError(0, min(1, len(source.text)), message), catalog)
    except (RecursionError, MemoryError):
        error_ = ParseError(0, min(1, len(source.text)), "Python nesting too deep to parse")
        return PythonUnit(source, None, error_, catalog)
    try:
        module = PythonModule(source, tree)
        _Indexer(module).run(tree)
    except (RecursionError, MemoryError):
        error_ = ParseError(0, min(1, len(source.text)), "Python nesting too deep to analyse")
        return PythonUnit(source, None, error_, catalog)
    return PythonUnit(source, module, None, catalog)
