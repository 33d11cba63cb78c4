"""What a module's names stand for, qualified: the names its imports bind (relative
imports read from the module's own dotted name) and the names it defines at the top."""

from __future__ import annotations

import ast
import sys

from auditor.python.model.ast_values import (
    import_bindings,
    qualified_import,
    statements,
    top_level_names,
)


class Imports:
    """What the module's names stand for, qualified."""

    def __init__(self, tree: ast.Module, own: str, importing: str | None = None) -> None:
        """`importing`: the name relative imports are read from, when not `own` (a
        package's `__init__.py`)."""
        self.own = own
        self.names: dict[str, str] = {}
        for node in statements(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                for local, base, name in import_bindings(node, importing or own):
                    self.names[local] = sys.intern(qualified_import(base, name))
        self.defined = top_level_names(tree)

    def qualify(self, dotted: str) -> str:
        head, _, rest = dotted.partition(".")
        if head in self.names:
            base = self.names[head]
        elif head in self.defined:
            base = sys.intern(f"{self.own}.{head}") if self.own else head
        else:
            base = head
        return sys.intern(f"{base}.{rest}") if rest else base
