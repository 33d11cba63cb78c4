"""Which names a function binds for itself, so that a module name it reuses is not read.

Python decides at compile time: a name assigned anywhere in a function (a
parameter, `x = …`, `for x in`, `with … as x`, `except … as x`, an import, a
nested `def` or `class`, `x := …`) is local to the whole function unless it
is declared `global` or `nonlocal`. A use of a module's `client` inside a
function that binds its own `client` (`async with httpx.AsyncClient() as
client`) is that function's, not the module's; inside a comprehension that
binds `client` (`for client in clients`), it is the comprehension's.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Iterator

from auditor.python.model.ast_values import Comprehension, Function
from auditor.python.model.module import PythonModule

# Nodes that bind a name in the function they are in (exact types: a set lookup is cheaper
# than `isinstance` on every node).
_BINDERS = frozenset(
    {ast.Assign, ast.AnnAssign, ast.AugAssign, ast.For, ast.AsyncFor, ast.NamedExpr}
    | {ast.withitem, ast.ExceptHandler, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef}
    | {ast.Import, ast.ImportFrom, ast.Global, ast.Nonlocal}
)


def comprehension_binds(comprehension: Comprehension, name: str, part: ast.AST) -> bool:
    """Whether a comprehension's own variable `name` is what `part` of it reads: any
    part but the first `in`, which is read in the scope around the comprehension."""
    first = comprehension.generators[0]
    if part is first.iter:
        return False
    return any(name in _targets(loop.target) for loop in comprehension.generators)


def _targets(node: ast.expr) -> Iterator[str]:
    if isinstance(node, ast.Name):
        yield node.id
    elif isinstance(node, ast.Tuple | ast.List):
        for element in node.elts:
            yield from _targets(element)
    elif isinstance(node, ast.Starred):
        yield from _targets(node.value)


def _bound(node: ast.AST) -> Iterator[str]:
    """The names one node binds in the scope it is in."""
    if isinstance(node, ast.Assign):
        for target in node.targets:
            yield from _targets(target)
    elif isinstance(node, ast.AnnAssign | ast.AugAssign | ast.For | ast.AsyncFor | ast.NamedExpr):
        yield from _targets(node.target)
    elif isinstance(node, ast.withitem) and node.optional_vars is not None:
        yield from _targets(node.optional_vars)
    elif isinstance(
        node, ast.ExceptHandler | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
    ):
        if node.name is not None:
            yield node.name
    elif isinstance(node, ast.Import | ast.ImportFrom):
        for alias in node.names:
            if alias.name == "*":
                return
            if alias.asname is not None:
                yield alias.asname
            else:
                yield alias.name.split(".", 1)[0]


def _parameters(function: Function | ast.Lambda) -> set[str]:
    parameters = function.args
    found = {p.arg for p in (*parameters.posonlyargs, *parameters.args, *parameters.kwonlyargs)}
    for star in (parameters.vararg, parameters.kwarg):
        if star is not None:
            found.add(star.arg)
    return found


class Scopes:
    """The names each function of a module binds for itself, read in one pass."""

    def __init__(self, module: PythonModule) -> None:
        self.module = module
        self._bound: dict[ast.AST, set[str]] = defaultdict(set)
        self._declared: dict[ast.AST, set[str]] = defaultdict(set)
        for node in module.parents:
            if type(node) not in _BINDERS:
                continue
            scope = self._owner(node)
            if scope is None:
                continue  # a class body's names are not its methods'
            if type(node) is ast.ExceptHandler and type(module.parent(node)) is ast.TryStar:
                continue  # `except* E as e`: not read as a binding
            if isinstance(node, ast.Global | ast.Nonlocal):
                self._declared[scope].update(node.names)
            else:
                self._bound[scope].update(_bound(node))

    def _owner(self, node: ast.AST) -> ast.AST | None:
        """The function (or module) whose name a node binds; None in a class body. A `def`
        or `class` binds its name where it is defined, not inside itself."""
        current = self.module.parent(node)
        while current is not None:
            if isinstance(current, Function):
                return current
            if isinstance(current, ast.ClassDef):
                return None
            current = self.module.parent(current)
        return self.module.tree

    def local_names(self, function: Function | ast.Lambda) -> frozenset[str]:
        """The names a function (or lambda) binds for itself."""
        found = _parameters(function) | self._bound.get(function, set())
        return frozenset(found - self._declared.get(function, set()))
