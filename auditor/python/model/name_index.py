"""Comparisons, bindings and reads of names in a module, per function (for agent statuses).

Read off the module's parent map, which holds every node in source order: far
cheaper than a second `ast` walk.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from typing import NamedTuple

from auditor.python.model.ast_values import Function, dotted_name
from auditor.python.model.module import PythonModule, of_current

# Nodes that name something without an `ast.Name` (a definition, a parameter, an
# import, a `global`, an `except … as`, a pattern's capture): each counts as a read
# of the names it holds, as a name written there always has.
_NAMING = (
    ast.arg,
    ast.FunctionDef,
    ast.AsyncFunctionDef,
    ast.ClassDef,
    ast.alias,
    ast.ImportFrom,
    ast.Global,
    ast.Nonlocal,
    ast.ExceptHandler,
    ast.MatchAs,
    ast.MatchStar,
    ast.MatchMapping,
    ast.MatchClass,
)
_INDEXED = frozenset(
    {ast.Name, ast.Compare, ast.Assign, ast.AnnAssign, ast.NamedExpr, ast.withitem}
    | {ast.For, ast.AsyncFor, *_NAMING}
)


class Definition(NamedTuple):
    """A binding of a name or attribute, and what it is bound to."""

    at: ast.AST  # the binding takes effect after this node ends
    value: ast.expr | None  # None: bound to something runaudit does not follow


def _named(node: ast.AST) -> list[str]:
    """The names a naming node (see `_NAMING`) holds."""
    if isinstance(node, ast.arg):
        return [node.arg]
    if isinstance(node, Function | ast.ClassDef):
        return [node.name]
    if isinstance(node, ast.alias):  # `import a.b as c`: `a` and `c`
        return [n for n in (node.name.split(".", 1)[0], node.asname) if n and n != "*"]
    if isinstance(node, ast.ImportFrom):  # `from a.b import c`: `a` (`c` is an alias)
        return [node.module.split(".", 1)[0]] if node.module else []
    if isinstance(node, ast.Global | ast.Nonlocal):
        return list(node.names)
    if isinstance(node, ast.ExceptHandler | ast.MatchAs | ast.MatchStar):
        return [node.name] if node.name else []
    if isinstance(node, ast.MatchMapping):
        return [node.rest] if node.rest else []
    if isinstance(node, ast.MatchClass):
        return list(node.kwd_attrs)
    return []


class NameIndex:
    """Comparisons, bindings of names and attributes, and reads of names, per function.

    Read off the module's parent map, which holds every node in source order: far
    cheaper than a second `ast` walk.
    """

    def __init__(self, module: PythonModule) -> None:
        self.module = module
        self.comparisons: list[ast.Compare] = []
        self.definitions: dict[tuple[ast.AST, str], list[Definition]] = defaultdict(list)
        # an `ast.Name`, or a node that names it otherwise (see `_NAMING`)
        self.reads: dict[tuple[ast.AST, str], list[ast.AST]] = defaultdict(list)
        self._not_reads: set[ast.AST] = set()
        names: list[ast.AST] = []
        for node in module.parents:
            kind = type(node)
            if kind not in _INDEXED:
                continue
            if kind is ast.Name:
                names.append(node)
            elif isinstance(node, ast.Compare):
                self.comparisons.append(node)
            elif isinstance(node, ast.Assign):
                for target in node.targets:
                    self._define(target, node, node.value)
            elif isinstance(node, ast.AnnAssign | ast.NamedExpr):
                self._define(node.target, node, node.value)
            elif isinstance(node, ast.withitem):
                if node.optional_vars is not None:
                    self._define(node.optional_vars, node, node.context_expr)
            elif isinstance(node, ast.For | ast.AsyncFor):
                self._define(node.target, node.target, None)
            else:
                names.append(node)
        for name in names:
            if name in self._not_reads:
                continue
            identifiers = [name.id] if isinstance(name, ast.Name) else _named(name)
            for scope in self._scopes(name):
                for identifier in identifiers:
                    self.reads[(scope, identifier)].append(name)

    def _define(self, target: ast.expr, at: ast.AST, value: ast.expr | None) -> None:
        dotted = dotted_name(target)
        if dotted is not None:
            self._not_reads.add(target)
            self.definitions[(self.module.scope_of(at), dotted)].append(Definition(at, value))
        elif isinstance(target, ast.Tuple | ast.List):
            for element in target.elts:
                inner = element.value if isinstance(element, ast.Starred) else element
                self._define(inner, at, None)

    def _scopes(self, node: ast.AST) -> list[ast.AST]:
        """The module and every function around `node` (a function's own name counts
        in it): a closure's read counts for them all."""
        scopes: list[ast.AST] = [self.module.tree]
        current: ast.AST | None = node
        while current is not None:
            if isinstance(current, Function):
                scopes.append(current)
            current = self.module.parent(current)
        return scopes


def name_index(module: PythonModule) -> NameIndex:
    """The module's `NameIndex`, built once for the module being audited (its agent
    statuses and its shell strings both ask)."""
    return of_current(module, NameIndex)
