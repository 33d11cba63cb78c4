"""Which names a function binds for itself, so that a module name it reuses is not read.

Python decides at compile time: a name assigned anywhere in a function (a
parameter, `x = …`, `for x in`, `with … as x`, `except … as x`, an import, a
nested `def` or `class`, `x := …`) is local to the whole function unless it
is declared `global` or `nonlocal`. A use of a module's `client` inside a
function that binds its own `client` (`async with httpx.AsyncClient() as
client`) is that function's, not the module's.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

import libcst as cst

from auditor.python.module import PythonModule, dotted_name

# Nodes that bind a name in the function they are in (exact types: `isinstance` on
# libcst's ABCs is slow).
_BINDERS = frozenset(
    {cst.Assign, cst.AnnAssign, cst.AugAssign, cst.For, cst.NamedExpr, cst.WithItem}
    | {cst.ExceptHandler, cst.FunctionDef, cst.ClassDef, cst.Import, cst.ImportFrom}
    | {cst.Global, cst.Nonlocal}
)


def _targets(node: cst.BaseExpression) -> Iterator[str]:
    if isinstance(node, cst.Name):
        yield node.value
    elif isinstance(node, cst.Tuple | cst.List):
        for element in node.elements:
            yield from _targets(element.value)
    elif isinstance(node, cst.StarredElement):
        yield from _targets(node.value)


def _bound(node: cst.CSTNode) -> Iterator[str]:
    """The names one node binds in the scope it is in."""
    if isinstance(node, cst.Assign):
        for target in node.targets:
            yield from _targets(target.target)
    elif isinstance(node, cst.AnnAssign | cst.AugAssign | cst.For | cst.NamedExpr):
        yield from _targets(node.target)
    elif isinstance(node, cst.WithItem) and node.asname is not None:
        yield from _targets(node.asname.name)
    elif isinstance(node, cst.ExceptHandler) and node.name is not None:
        yield from _targets(node.name.name)
    elif isinstance(node, cst.FunctionDef | cst.ClassDef):
        yield node.name.value
    elif isinstance(node, cst.Import | cst.ImportFrom) and not isinstance(
        node.names, cst.ImportStar
    ):
        for alias in node.names:
            if alias.asname is not None:
                yield from _targets(alias.asname.name)
            else:
                yield (dotted_name(alias.name) or "").split(".", 1)[0]


def _parameters(function: cst.FunctionDef | cst.Lambda) -> set[str]:
    parameters = function.params
    found = {
        p.name.value
        for p in (*parameters.posonly_params, *parameters.params, *parameters.kwonly_params)
    }
    for star in (parameters.star_arg, parameters.star_kwarg):
        if isinstance(star, cst.Param):
            found.add(star.name.value)
    return found


class Scopes:
    """The names each function of a module binds for itself, read in one pass."""

    def __init__(self, module: PythonModule) -> None:
        self.module = module
        self._bound: dict[cst.CSTNode, set[str]] = defaultdict(set)
        self._declared: dict[cst.CSTNode, set[str]] = defaultdict(set)
        for node in module.parents:
            if type(node) not in _BINDERS:
                continue
            scope = self._owner(node)
            if scope is None:
                continue  # a class body's names are not its methods'
            if isinstance(node, cst.Global | cst.Nonlocal):
                self._declared[scope].update(item.name.value for item in node.names)
            else:
                self._bound[scope].update(_bound(node))

    def _owner(self, node: cst.CSTNode) -> cst.CSTNode | None:
        """The function (or module) whose name a node binds; None in a class body. A `def`
        or `class` binds its name where it is defined, not inside itself."""
        current = self.module.parent(node)
        while current is not None:
            if isinstance(current, cst.FunctionDef):
                return current
            if isinstance(current, cst.ClassDef):
                return None
            current = self.module.parent(current)
        return self.module.tree

    def local_names(self, function: cst.FunctionDef | cst.Lambda) -> frozenset[str]:
        """The names a function (or lambda) binds for itself."""
        found = _parameters(function) | self._bound.get(function, set())
        return frozenset(found - self._declared.get(function, set()))

    def shadowed(self, node: cst.Name) -> bool:
        """Whether a use of a module-level name reads a function's own binding instead
        (the function it is in, or one around it, binds the same name)."""
        current = self.module.parent(node)
        while current is not None:
            function = current if isinstance(current, cst.FunctionDef | cst.Lambda) else None
            if function is not None and node.value in self.local_names(function):
                return True
            current = self.module.parent(current)
        return False
