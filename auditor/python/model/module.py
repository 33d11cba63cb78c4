"""A parsed Python module with the indexes hosts and rules read, built in one walk.

Python is read with the stdlib `ast`, parsed once per file. `ast` gives
every node that has a place in the source its line, its column and its end,
with columns in UTF-8 bytes; `PythonModule.span` turns those into character
offsets into the file, here and nowhere else. Qualified names of callees come
from the module's imports (`import subprocess as sp`, `from subprocess import
run`).
"""

from __future__ import annotations

import ast
import bisect
import functools
import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, TypeVar, cast

from auditor.python.model.ast_values import (
    Function,
    attribute_chain,
    called_names,
    children,
    dotted_name,
    import_bindings,
    qualified_import,
    returned_imports,
    top_functions,
)
from auditor.python.model.class_attributes import class_attributes
from auditor.python.model.literals import StringPiece, string_pieces
from auditor.python.model.parse import parsed_text
from auditor.source import SourceFile

if TYPE_CHECKING:
    from auditor.profiles import AgentCatalog

T = TypeVar("T")
StringNode = ast.Constant | ast.JoinedStr  # a `str` constant, or an f-string
Scope = ast.FunctionDef | ast.AsyncFunctionDef | ast.Module
_LINE_END = re.compile(r"\r\n|\r|\n")  # Python's own line ends (the file's index counts `\n`)
_DEFINITIONS = {ast.FunctionDef: True, ast.AsyncFunctionDef: True, ast.ClassDef: True}
MAX_DEPTH = 400  # tree levels: deeper modules are not analysed (runaudit's walks recurse)
MAX_INTEGER_DIGITS = 30  # longer literals are not exit codes or retry counts: unknown


class Binding(NamedTuple):
    """One change to a local name: `x = …`, `for x in …`, `x += …`, `x.append(…)`,
    `x.extend(…)`."""

    at: ast.AST  # the statement or call making it (a loop's target); it applies after it ends
    # "assign", "each" (on each turn of a loop, an item of `value`), "with" (what entering
    # `value` gives: the object itself, for a client or a process), "add", "append", "extend"
    kind: str
    value: ast.expr


def is_string(node: ast.AST) -> bool:
    """Whether a node is a string expression: a `str` literal (implicitly joined ones are
    one node) or an f-string."""
    return type(node) is ast.JoinedStr or (type(node) is ast.Constant and type(node.value) is str)


def integer_value(node: ast.AST | None) -> int | None:
    """The value of an integer literal (not a bool), or None."""
    if type(node) is ast.Constant and type(node.value) is int:
        return node.value if abs(node.value) < 10**MAX_INTEGER_DIGITS else None
    return None


class Predicate(NamedTuple):
    """A function of the tree whose body is one boolean expression over its parameters
    (`auditor.python.runner.predicates`), as its module's facts keep it."""

    parameters: tuple[str, ...]  # those a call gives (after `self`)
    expression: str  # the expression's text (`ast.unparse`)


class ProjectValues(Protocol):
    """What the rest of the tree gives this module's values (the project call graph,
    `auditor.python.model.call_graph`): the argvs a parameter or a call's result can hold."""

    def parameter_argvs(self, function: str, name: str) -> list[list[str]]:
        """The argv lists the callers pass parameter `name` of `function` (a qualname)."""
        ...

    def runs_own(self, function: str, line: int, column: int, qualname: str) -> bool:
        """Whether the call at `line`:`column` in `function` may run this module's
        function `qualname` (through an instance, an override, a value)."""
        ...

    def stops(self, function: str, line: int, column: int) -> bool:
        """Whether the call at `line`:`column` in `function` runs only functions that
        never return (`auditor.python.model.endings`)."""
        ...

    def call_argvs(self, function: str, line: int, column: int) -> list[list[str]]:
        """The argv lists the call at `line`:`column` (an `ast` position) in `function`
        returns."""
        ...

    def field_texts(self, attribute: str, annotation: str | None = None) -> list[str]:
        """The program names the tree's classes give an attribute (`claude_path`) of an
        object of class `annotation` (qualified; None: of unknown class)."""
        ...

    def parameter_names(self, function: str, name: str) -> list[str]:
        """The qualified names (of classes, functions) the callers pass parameter `name` of
        `function` (a qualname)."""
        ...

    def parameter_texts(self, function: str, name: str) -> list[str]:
        """The program names (`"claude"`) callers pass parameter `name` of `function`."""
        ...

    def parameter_number(self, function: str, name: str) -> int | None:
        """The largest number the callers give parameter `name` of `function`, if known."""
        ...

    def global_texts(self, dotted: str) -> list[str]:
        """The program names and agent command strings the module-level name an expression
        of this module reads through its imports (`config.CODEX_CMD`) holds."""
        ...

    def parameter_origins(self, function: str, name: str) -> list[tuple[str, int, int]]:
        """Where the argv lists callers pass parameter `name` of `function` are written:
        (path, line, 0-based column)."""
        ...

    def callees(self, function: str, line: int, column: int) -> list[tuple[str, str]]:
        """The functions of the tree (module, qualname) the call at `line`:`column` in
        `function` may run."""
        ...

    def predicate(self, function: str, line: int, column: int) -> Predicate | None:
        """The predicate of another module the call at `line`:`column` in `function` runs,
        when it runs exactly one and that one is a chain of returns."""
        ...


class NestedTooDeeply(Exception):
    """A module nests deeper than `MAX_DEPTH` levels, first at `node`."""

    def __init__(self, node: ast.AST) -> None:
        super().__init__(f"more than {MAX_DEPTH} levels of nesting")
        self.node = node


class _Lines:
    """Python's line starts, and UTF-8 byte columns turned into character offsets.

    A line of ASCII text has equal byte and character columns. For any other, the
    characters longer than one byte are listed once (where each ends, in bytes, and
    how many extra bytes the line holds up to there), so a column converts with a
    binary search, not by decoding its line: a minified line of a megabyte stays as
    cheap as a short one, however many of its nodes are placed.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0, *(match.end() for match in _LINE_END.finditer(text))]
        self._wide: dict[int, tuple[list[int], list[int]]] = {}  # line -> (ends, extra)

    def offset(self, line: int, column: int) -> int:
        """The character offset of a 1-based line and a 0-based byte column."""
        if line > len(self.starts):
            return len(self.text)
        start = self.starts[line - 1]
        end = self.starts[line] if line < len(self.starts) else len(self.text)
        wide = self._wide.get(line)
        if wide is None:
            wide = self._wide[line] = _wide_characters(self.text[start:end])
        ends, extra = wide
        before = bisect.bisect_right(ends, column)
        return min(start + column - (extra[before - 1] if before else 0), end)


@functools.lru_cache(maxsize=2)
def _lines_of(text: str) -> _Lines:
    return _Lines(text)


def character_column(text: str, line: int, byte_column: int) -> int:
    """The 1-based character column of an `ast` position (a 1-based line and a 0-based
    UTF-8 byte column) in `text`: for the few places the project index records, which
    has no `PythonModule`."""
    lines = _lines_of(text)
    start = lines.starts[min(max(line, 1), len(lines.starts)) - 1]
    return lines.offset(line, byte_column) - start + 1


def _wide_characters(line: str) -> tuple[list[int], list[int]]:
    """Where the line's characters longer than one UTF-8 byte end (byte columns), and the
    extra bytes the line holds up to each."""
    ends: list[int] = []
    extra: list[int] = []
    if line.isascii():
        return ends, extra
    column = added = 0
    for char in line:
        code = ord(char)  # its UTF-8 length, as the parser counted it
        size = 1 if code < 0x80 else 2 if code < 0x800 else 3 if code < 0x10000 else 4
        column += size
        if size > 1:
            added += size - 1
            ends.append(column)
            extra.append(added)
    return ends, extra


@dataclass
class PythonModule:
    """A module, where its nodes are, and indexes built in one walk."""

    source: SourceFile
    tree: ast.Module
    parents: dict[ast.AST, ast.AST] = field(default_factory=dict)
    # every call in source order, with the qualified names its callee may have
    calls: dict[ast.Call, frozenset[str]] = field(default_factory=dict)
    strings: list[StringNode] = field(default_factory=list)  # outermost string expressions
    # (scope, name) -> bindings in source order; scope is a function or the module
    bindings: dict[tuple[ast.AST, str], list[Binding]] = field(
        default_factory=lambda: defaultdict(list)
    )
    # local name -> the dotted name it was imported as (`sp` -> `subprocess`)
    aliases: dict[str, str] = field(default_factory=dict)
    # (scope, name) -> attributes read on it (`returncode`, `wait`, …)
    attribute_reads: dict[tuple[ast.AST, str], set[str]] = field(
        default_factory=lambda: defaultdict(set)
    )
    _lines: _Lines | None = None
    # the rest of the tree, when the file is audited with a project index
    project: ProjectValues | None = None
    # the agent profiles in force: a value named for an agent's program holds it
    catalog: AgentCatalog | None = None

    @property
    def parsed_text(self) -> str:
        """The text the tree was parsed from: the module's own, or, holding an f-string
        only Python 3.12 reads, that text rewritten for an older parser at the same
        positions (`newer_syntax`)."""
        return parsed_text(self.tree) or self.source.text

    def string_pieces(self, node: ast.AST) -> list[StringPiece] | None:
        """The pieces of a string literal (`literals.string_pieces`) in `parsed_text`."""
        return string_pieces(self.parsed_text, *self.span(node))

    def qualified(self, dotted: str) -> str:
        """A dotted name as the module's imports qualify it (`OpenAI` -> `openai.OpenAI`);
        a name it does not import, as written."""
        head, _, rest = dotted.partition(".")
        base = self.aliases.get(head, head)
        return f"{base}.{rest}" if rest else base

    def qualname(self, function: ast.AST) -> str | None:
        """`name` or `Class.name` of a module-level function or a method (None: nested)."""
        if not isinstance(function, Function):
            return None
        parent = self.parents.get(function)
        if parent is self.tree:
            return function.name
        if isinstance(parent, ast.ClassDef) and self.parents.get(parent) is self.tree:
            return f"{parent.name}.{function.name}"
        return None

    def scope_name(self, function: ast.AST) -> str | None:
        """The dotted name the project call graph gives a function: `name`, `Class.name`,
        or, nested, the names of the functions and classes around it first (`run.attempt`)."""
        if not isinstance(function, Function):
            return None
        names = [function.name]
        parent = self.parents.get(function)
        while parent is not None and parent is not self.tree:
            if isinstance(parent, Function | ast.ClassDef):
                names.append(parent.name)
            parent = self.parents.get(parent)
        return ".".join(reversed(names))

    def span(self, node: ast.AST) -> tuple[int, int]:
        """A node's start and end as character offsets in the file.

        A function or class starts at `def`/`class`, after its decorators (as `ast`
        has it). Nodes without a place of their own (a comprehension's `for`
        clause, a `with` item, `arguments`) span their children.
        """
        if self._lines is None:
            self._lines = _Lines(self.source.text)
        lines = self._lines
        begin, end = _written(node), _end(node)
        if begin is not None:
            start = lines.offset(*begin)
            return start, start if end is None else max(start, lines.offset(*end))
        spans = [self.span(child) for child in children(node)]
        spans = [span for span in spans if span[1] > span[0] or span[0]]
        if not spans:
            return 0, 0
        return min(s for s, _ in spans), max(e for _, e in spans)

    def ends_before(self, first: ast.AST, second: ast.AST) -> bool:
        """Whether `first` ends before `second` starts (lines, then byte columns)."""
        first_end = _end(first)
        second_start = _start(second)
        if first_end is None or second_start is None:
            return self.span(first)[1] <= self.span(second)[0]
        return first_end <= second_start

    def scope_of(self, node: ast.AST) -> Scope:
        """The function (or the module) that a node belongs to."""
        current = self.parents.get(node)
        while current is not None and not isinstance(current, Function):
            current = self.parents.get(current)
        return current if isinstance(current, Function) else self.tree

    def parent(self, node: ast.AST) -> ast.AST | None:
        """The node that holds `node`."""
        return self.parents.get(node)

    def assigned_once(self, scope: ast.AST, name: str) -> ast.expr | None:
        """The value `name` holds in `scope` when its one binding there is an `=`
        (`middleware = [ModelRetryMiddleware()]`, `retrying = retry(…)`)."""
        bound = self.bindings.get((scope, name), [])
        return bound[0].value if len(bound) == 1 and bound[0].kind == "assign" else None


def _start(node: ast.AST) -> tuple[int, int] | None:
    """Where a node's text starts, for ordering: a decorated definition at its first
    decorator (nothing else can come between its decorators and its `def`)."""
    if _DEFINITIONS.get(type(node)) and node.decorator_list:  # type: ignore[attr-defined]
        node = node.decorator_list[0]  # type: ignore[attr-defined]
    return _written(node)


def _written(node: ast.AST) -> tuple[int, int] | None:
    line = getattr(node, "lineno", None)
    return (line, getattr(node, "col_offset", 0)) if line is not None else None


def _end(node: ast.AST) -> tuple[int, int] | None:
    line = getattr(node, "end_lineno", None)
    column = getattr(node, "end_col_offset", None)
    return (line, column) if line is not None and column is not None else None


class _Indexer:
    def __init__(self, module: PythonModule) -> None:
        self.module = module
        self.aliases = module.aliases
        self._scope: ast.AST = module.tree  # the function (or module) being visited
        # a class a method keeps on its instance (`self._OpenAI = OpenAI`): what calling
        # `self._OpenAI(…)` later in that method calls, by (method, attribute)
        self._kept: dict[tuple[ast.AST, str], frozenset[str]] = {}
        # calls of `self.ATTR.NAME(…)`, with their ATTR (see `_kept_modules`)
        self._on_self: list[tuple[ast.Call, str]] = []
        self._named_on_self: set[str] = set()  # the ATTRs of `self.ATTR = name` anywhere
        # what a name is given by a call (`ClientClass = _require("openai", ChatOpenAI)`,
        # `lite = _litellm()`): the value, by (function, name); and the calls of such a
        # name, or on it (`lite.acompletion(…)`), or on a call's value directly
        # (`_litellm().acompletion(…)`), resolved after the walk (see `_on_returned`)
        self._given: dict[tuple[ast.AST, str], list[ast.expr]] = {}
        self._on_calls: list[ast.Call] = []

    def run(self, tree: ast.Module) -> None:
        """One pre-order walk: parents, outermost strings, bindings, calls, imports, and
        the nesting guard (`NestedTooDeeply`).

        Each stack entry carries the parent, the enclosing function, whether it
        is inside a string and its depth, so no leave events are needed.
        """
        parents, strings = self.module.parents, self.module.strings
        stack: list[tuple[ast.AST, ast.AST, bool, int]] = [(tree, tree, False, 0)]
        visit: dict[type, Callable[[Any], None]] = {
            ast.Import: self._import,
            ast.ImportFrom: self._import,
            ast.Call: self._call,
            ast.Assign: self._assign,
            ast.AnnAssign: self._ann_assign,
            ast.AugAssign: self._aug_assign,
            ast.For: self._loop,
            ast.AsyncFor: self._loop,
            ast.withitem: self._with_item,
            ast.Attribute: self._attribute,
        }
        while stack:
            node, scope, in_string, depth = stack.pop()
            kind = type(node)
            if kind is ast.Name:  # a leaf, and the most common node: nothing to record
                continue
            if kind is ast.Constant:
                if not in_string and type(node.value) is str:  # type: ignore[attr-defined]
                    strings.append(node)  # type: ignore[arg-type]
                continue
            visitor = visit.get(kind)
            if visitor is not None:
                self._scope = scope
                visitor(node)
            if kind is ast.FunctionDef or kind is ast.AsyncFunctionDef:
                scope = node
            if kind is ast.JoinedStr:
                if not in_string:
                    strings.append(node)  # type: ignore[arg-type]
                in_string = True
            below = children(node)
            if below:
                if depth == MAX_DEPTH:
                    raise NestedTooDeeply(below[0])
                parents.update(dict.fromkeys(below, node))
                depth += 1
                stack.extend([(child, scope, in_string, depth) for child in reversed(below)])
        self._kept_modules()
        self._on_returned()

    def _kept_modules(self) -> None:
        """What a call of `self.ATTR.NAME(…)` calls where the instance keeps an imported
        module in `self.ATTR` (`self._anthropic = anthropic`, in any method of the class
        or a base of the module): the module's `NAME`."""
        named = [call for call, attribute in self._on_self if attribute in self._named_on_self]
        if not named:
            return  # (most modules: no module is kept on an instance)
        attributes = class_attributes(self.module.tree)
        for call in named:
            cls = self.module.parent(self.module.scope_of(call))
            dotted = dotted_name(call.func)
            if not isinstance(cls, ast.ClassDef) or dotted is None:
                continue
            kept = attributes.through_kept(cls.name, dotted)
            if kept and all(name.split(".", 1)[0] in self.aliases for name in kept):
                self.module.calls[call] = frozenset(
                    qualified for name in kept for qualified in self._qualified_name(name)
                )

    def _on_returned(self) -> None:
        """What a call of a name a module function's value was given calls, or a call on
        it or on such a call's value, where that function returns an imported module or
        class by name (`def _litellm(): import litellm; return litellm`, then `lite =
        _litellm()`, `lite.acompletion(…)` or `_litellm().acompletion(…)`): that module's
        function. After the walk, so the function's own imports are known wherever it is
        defined."""
        given = {
            key: made
            for key, values in self._given.items()
            if (made := frozenset(n for value in values for n in self._returned(value)))
        }
        for call in list(self.module.calls) if given else ():  # (most modules: none given)
            root, rest = attribute_chain(call.func)
            key = (self.module.scope_of(call), root.id) if isinstance(root, ast.Name) else None
            if key in given:
                self.module.calls[call] = frozenset(
                    f"{name}.{rest}" if rest else name for name in given[key]
                )
        for call in self._on_calls:
            called = called_names(call.func, self._functions, self.aliases)
            if called:
                self.module.calls[call] = frozenset(
                    q for name in called for q in self._qualified_name(name)
                )

    def _import(self, node: ast.Import | ast.ImportFrom) -> None:
        for local, base, name in import_bindings(node, None):  # relative imports: unknown
            self.aliases[local] = qualified_import(base, name)

    def _qualified(self, func: ast.expr) -> frozenset[str]:
        dotted = dotted_name(func)
        return frozenset() if dotted is None else self._qualified_name(dotted)

    def _qualified_name(self, dotted: str) -> frozenset[str]:
        head, _, rest = dotted.partition(".")
        resolved = self.aliases.get(head)
        if resolved is None:
            return frozenset({f"builtins.{dotted}"} if not rest else {dotted})
        return frozenset({f"{resolved}.{rest}" if rest else resolved})

    def _call(self, node: ast.Call) -> None:
        func = node.func
        kept = None
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            kept = self._kept.get((self._scope, func.attr)) if func.value.id == "self" else None
        self.module.calls[node] = kept if kept is not None else self._qualified(func)
        self._on_made(node, func)
        if (
            kept is None
            and isinstance(func, ast.Attribute)
            and isinstance(func.value, ast.Attribute)
            and isinstance(func.value.value, ast.Name)
            and func.value.value.id == "self"
        ):
            self._on_self.append((node, func.value.attr))
        if (
            isinstance(func, ast.Attribute)
            and isinstance(func.value, ast.Name)
            and func.attr in ("append", "extend")
            and node.args
        ):
            self._bind(func.value.id, func.attr, node.args[0], node)

    def _on_made(self, node: ast.Call, func: ast.expr) -> None:
        """Note a call on a call's value (`_litellm().acompletion`) for `_on_returned`."""
        if isinstance(func, ast.Attribute) and isinstance(attribute_chain(func)[0], ast.Call):
            self._on_calls.append(node)

    def _assign(self, node: ast.Assign) -> None:
        for target in node.targets:
            if isinstance(target, ast.Name):
                self._bind(target.id, "assign", node.value, node)
                if isinstance(node.value, ast.Call | ast.BoolOp):
                    # `ClientClass = getattr(anthropic, "Anthropic", None) or …`, or a class
                    # a function of the module returns (`cls = _require("openai",
                    # ChatOpenAI)`, `AsyncOpenAI = _import_async_openai()`): what calling
                    # it in this function calls, whichever assignment ran
                    self._given.setdefault((self._scope, target.id), []).append(node.value)
            elif (
                isinstance(target, ast.Attribute)
                and isinstance(target.value, ast.Name)
                and target.value.id == "self"
                and isinstance(node.value, ast.Name | ast.Attribute)
            ):
                self._kept[(self._scope, target.attr)] = self._qualified(node.value)
                if isinstance(node.value, ast.Name):
                    self._named_on_self.add(target.attr)

    def _returned(self, value: ast.expr) -> frozenset[str]:
        """The imported classes a call of a function of the module returns by name
        (`classes_named`; not a function it defines: `_lazy_client_factory("OpenAI")`
        returns its own `factory`)."""
        return frozenset(
            qualified
            for named in returned_imports(value, self._functions, self.aliases)
            for qualified in self._qualified_name(named)
        )

    @functools.cached_property
    def _functions(self) -> dict[str, Function]:
        """The module's top-level functions, by name."""
        return top_functions(self.module.tree)

    def _ann_assign(self, node: ast.AnnAssign) -> None:
        if isinstance(node.target, ast.Name) and node.value is not None:
            self._bind(node.target.id, "assign", node.value, node)

    def _loop(self, node: ast.For | ast.AsyncFor) -> None:
        if isinstance(node.target, ast.Name):  # each turn binds it to an item
            self._bind(node.target.id, "each", node.iter, node.target)

    def _with_item(self, node: ast.withitem) -> None:
        if isinstance(node.optional_vars, ast.Name):  # `async with Client(…) as client:`
            self._bind(node.optional_vars.id, "with", node.context_expr, node)

    def _aug_assign(self, node: ast.AugAssign) -> None:
        if isinstance(node.target, ast.Name) and isinstance(node.op, ast.Add):
            self._bind(node.target.id, "add", node.value, node)

    def _attribute(self, node: ast.Attribute) -> None:
        if isinstance(node.value, ast.Name):
            self.module.attribute_reads[(self._scope, node.value.id)].add(node.attr)

    def _bind(self, name: str, kind: str, value: ast.expr, at: ast.AST) -> None:
        self.module.bindings[(self._scope, name)].append(Binding(at, kind, value))


def index_module(source: SourceFile, tree: ast.Module) -> PythonModule:
    """A parsed module with its indexes, built in one walk (`NestedTooDeeply` if it nests
    deeper than runaudit analyses)."""
    module = PythonModule(source, tree)
    _Indexer(module).run(tree)
    return module


# What a builder made of the module being audited, by the builder: its agent statuses,
# its shell strings and its retry constructs all ask for the same name index and flow.
_CURRENT: dict[Callable[[PythonModule], Any], tuple[ast.Module, Any]] = {}


def of_current(module: PythonModule, build: Callable[[PythonModule], T]) -> T:
    """What `build` makes of `module`, made once while it is the module being audited."""
    held = _CURRENT.get(build)
    if held is None or held[0] is not module.tree:
        held = _CURRENT[build] = (module.tree, build(module))
    return cast(T, held[1])
