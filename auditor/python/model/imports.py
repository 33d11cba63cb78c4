"""What a module's names stand for, qualified: the names its imports bind (relative
imports read from the module's own dotted name) and the names it defines at the top.

A name bound nowhere else in a module that star-imports (`from .utility import *`) is
one of those modules': it is qualified as `STAR` followed by them, `|`-joined, then the
name (`*agent.tools|agent.utility.invoke_messages`), for the call graph to find in the
one that defines it (`ClassHierarchy.candidates`)."""

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
        self.stars = f"{STAR}{'|'.join(starred)}" if starred else ""

    def binds(self, head: str) -> bool:
        """Whether the module's imports or top level bind a name (a star import, any name
        but a builtin's)."""
        return (
            head in self.names or head in self.defined or bool(self.stars and head not in _BUILTINS)
        )

    def qualify(self, dotted: str) -> str:
        head, _, rest = dotted.partition(".")
        if head in self.names:
            base = self.names[head]
        elif head in self.defined:
            base = sys.intern(f"{self.own}.{head}") if self.own else head
        elif self.stars and head not in _BUILTINS:
            base = sys.intern(f"{self.stars}.{head}")
        else:
            base = head
        return sys.intern(f"{base}.{rest}") if rest else base
