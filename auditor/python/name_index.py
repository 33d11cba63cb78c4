"""Comparisons, bindings and reads of names in a module, per function (for agent statuses).

Read off the module's parent map, which holds every node in source order: far
cheaper than a second libcst visit.
"""

from __future__ import annotations

from collections import defaultdict
from typing import NamedTuple

import libcst as cst

from auditor.python.module import PythonModule, dotted_name

_INDEXED = frozenset(
    {cst.Name, cst.Comparison, cst.Attribute, cst.Arg, cst.Assign, cst.AnnAssign, cst.NamedExpr}
    | {cst.WithItem, cst.For}
)


class Definition(NamedTuple):
    """A binding of a name or attribute, and what it is bound to."""

    at: cst.CSTNode  # the binding takes effect after this node ends
    value: cst.BaseExpression | None  # None: bound to something runaudit does not follow


class NameIndex:
    """Comparisons, bindings of names and attributes, and reads of names, per function.

    Read off the module's parent map, which holds every node in source order: far
    cheaper than a second libcst visit.
    """

    def __init__(self, module: PythonModule) -> None:
        self.module = module
        self.comparisons: list[cst.Comparison] = []
        self.definitions: dict[tuple[cst.CSTNode, str], list[Definition]] = defaultdict(list)
        self.reads: dict[tuple[cst.CSTNode, str], list[cst.Name]] = defaultdict(list)
        self._not_reads: set[cst.CSTNode] = set()
        names: list[cst.Name] = []
        for node in module.parents:
            if type(node) not in _INDEXED:  # cheap: `isinstance` on libcst's ABCs is slow
                continue
            if isinstance(node, cst.Name):
                names.append(node)
            elif isinstance(node, cst.Comparison):
                self.comparisons.append(node)
            elif isinstance(node, cst.Attribute):
                self._not_reads.add(node.attr)
            elif isinstance(node, cst.Arg):
                self._not_reads.add(node.keyword or node)
            elif isinstance(node, cst.Assign):
                for target in node.targets:
                    self._define(target.target, node, node.value)
            elif isinstance(node, cst.AnnAssign | cst.NamedExpr):
                self._define(node.target, node, node.value)
            elif isinstance(node, cst.WithItem) and node.asname is not None:
                self._define(node.asname.name, node, node.item)
            elif isinstance(node, cst.For):
                self._define(node.target, node.target, None)
        for name in names:
            if name not in self._not_reads:
                for scope in self._scopes(name):
                    self.reads[(scope, name.value)].append(name)

    def _define(
        self, target: cst.BaseExpression, at: cst.CSTNode, value: cst.BaseExpression | None
    ) -> None:
        dotted = dotted_name(target)
        if dotted is not None:
            self._not_reads.add(target)
            self.definitions[(self.module.scope_of(at), dotted)].append(Definition(at, value))
        elif isinstance(target, cst.Tuple | cst.List):
            for element in target.elements:
                self._define(element.value, at, None)

    def _scopes(self, node: cst.CSTNode) -> list[cst.CSTNode]:
        """The module and every function around `node`: a closure's read counts for them all."""
        scopes: list[cst.CSTNode] = [self.module.tree]
        current = self.module.parent(node)
        while current is not None:
            if isinstance(current, cst.FunctionDef):
                scopes.append(current)
            current = self.module.parent(current)
        return scopes
