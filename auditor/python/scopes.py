"""Which names a function binds for itself, so that a module name it reuses is not read.

Python decides at compile time: a name assigned anywhere in a function (a
parameter, `x = …`, `for x in`, `with … as x`, `except … as x`, an import, a
nested `def` or `class`, `x := …`) is local to the whole function unless it
is declared `global` or `nonlocal`. A use of a module's `client` inside a
function that binds its own `client` (`async with httpx.AsyncClient() as
client`) is that function's, not the module's.
"""

from __future__ import annotations

from collections.abc import Iterator

import libcst as cst

from auditor.python.module import PythonModule, dotted_name

_SCOPES = (cst.FunctionDef, cst.Lambda, cst.ClassDef)


def _own_nodes(function: cst.FunctionDef | cst.Lambda) -> Iterator[cst.CSTNode]:
    """The nodes of a function's body that run in its scope (not in functions, classes
    or comprehensions it defines; their names are yielded by the caller)."""
    stack: list[cst.CSTNode] = [function.body]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, (*_SCOPES, cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)):
            continue
        stack.extend(node.children)


def _targets(node: cst.BaseExpression) -> Iterator[str]:
    if isinstance(node, cst.Name):
        yield node.value
    elif isinstance(node, cst.Tuple | cst.List):
        for element in node.elements:
            yield from _targets(element.value)
    elif isinstance(node, cst.StarredElement):
        yield from _targets(node.value)


def _bound(node: cst.CSTNode) -> Iterator[str]:
    """The names one node of a function's body binds."""
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


def local_names(function: cst.FunctionDef | cst.Lambda) -> frozenset[str]:
    """The names a function (or lambda) binds for itself."""
    parameters = function.params
    found = {
        p.name.value
        for p in (*parameters.posonly_params, *parameters.params, *parameters.kwonly_params)
    }
    for star in (parameters.star_arg, parameters.star_kwarg):
        if isinstance(star, cst.Param):
            found.add(star.name.value)
    declared: set[str] = set()
    for node in _own_nodes(function) if isinstance(function, cst.FunctionDef) else ():
        if isinstance(node, cst.Global | cst.Nonlocal):
            declared.update(item.name.value for item in node.names)
        else:
            found.update(_bound(node))
    return frozenset(found - declared)


class Scopes:
    """The names each function of a module binds for itself, computed on first use."""

    def __init__(self, module: PythonModule) -> None:
        self.module = module
        self._locals: dict[cst.CSTNode, frozenset[str]] = {}

    def shadowed(self, node: cst.Name) -> bool:
        """Whether a use of a module-level name reads a function's own binding instead
        (the function it is in, or one around it, binds the same name)."""
        current = self.module.parent(node)
        while current is not None:
            if isinstance(current, cst.FunctionDef | cst.Lambda):
                if current not in self._locals:
                    self._locals[current] = local_names(current)
                if node.value in self._locals[current]:
                    return True
            current = self.module.parent(current)
        return False
