"""What a module's names stand for, qualified: the names its imports bind (relative
imports read from the module's own dotted name) and the names it defines at the top.

A name a module that star-imports (`from .utility import *`) reads but binds nowhere,
in no scope, and no builtin, is one of those modules': it is qualified as `STAR`, the
modules joined by `STAR_MODULES`, `STAR_NAME`, then the dotted name as written
(`*agent.tools+agent.utility!invoke_messages`), for the call graph to find in the last
of them that defines it (`ClassHierarchy.candidates`). A local, a parameter or `self`
is bound in its function, so it stays a local however the module imports."""

from __future__ import annotations

import ast
import builtins
import sys

from auditor.python.model.ast_values import (
    import_bindings,
    qualified_import,
    star_module,
    statements,
    top_level_names,
)

STAR = "*"  # see the module's docstring
STAR_MODULES = "+"
STAR_NAME = "!"
_BUILTINS = frozenset(dir(builtins))


class Imports:
    """What the module's names stand for, qualified."""

    def __init__(self, tree: ast.Module, own: str, importing: str | None = None) -> None:
        """`importing`: the name relative imports are read from, when not `own` (a
        package's `__init__.py`)."""
        self.own = own
        self.names: dict[str, str] = {}
        starred: list[str] = []
        for node in statements(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                for local, base, name in import_bindings(node, importing or own):
                    self.names[local] = sys.intern(qualified_import(base, name))
                if isinstance(node, ast.ImportFrom):
                    module = star_module(node, importing or own)
                    starred += [module] if module else []
        self.defined = top_level_names(tree)
        self.stars = f"{STAR}{STAR_MODULES.join(starred)}{STAR_NAME}" if starred else ""
        self.free = _free_names(tree) - self.names.keys() - self.defined if starred else set()

    def binds(self, head: str) -> bool:
        """Whether the module's imports or top level bind a name (a star import, a name
        the module reads and binds nowhere)."""
        return head in self.names or head in self.defined or head in self.free

    def qualify(self, dotted: str) -> str:
        head, _, rest = dotted.partition(".")
        if head in self.names:
            base = self.names[head]
        elif head in self.defined:
            base = sys.intern(f"{self.own}.{head}") if self.own else head
        elif head in self.free:
            return sys.intern(f"{self.stars}{dotted}")
        else:
            base = head
        return sys.intern(f"{base}.{rest}") if rest else base


def star_parts(qualified: str) -> tuple[list[str], str] | None:
    """The modules and the dotted name of a star import's qualified name (see the
    module's docstring), or None for another."""
    if not qualified.startswith(STAR):
        return None
    modules, _, dotted = qualified[len(STAR) :].partition(STAR_NAME)
    return modules.split(STAR_MODULES), dotted


def _free_names(tree: ast.Module) -> set[str]:
    """The names a module reads and binds in no scope, builtins left out."""
    read: set[str] = set()
    bound: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (read if isinstance(node.ctx, ast.Load) else bound).add(node.id)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            bound.add(node.name)
        elif isinstance(node, ast.alias):
            bound.add((node.asname or node.name).split(".", 1)[0])
        elif isinstance(node, ast.ExceptHandler | ast.MatchAs | ast.MatchStar) and node.name:
            bound.add(node.name)
        elif isinstance(node, ast.MatchMapping) and node.rest:
            bound.add(node.rest)
        elif isinstance(node, ast.Global | ast.Nonlocal):
            bound.update(node.names)
    return read - bound - _BUILTINS
