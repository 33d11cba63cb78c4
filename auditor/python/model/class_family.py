"""What `self` can be in a method: the module's classes an instance may belong to.

`self` in a method of `Base` may be an instance of any subclass of `Base` in
the module, so `self.new_client()` there runs the method each such class
resolves (`Claude.new_client`, overriding `Base.new_client`), and a `self.`
attribute assigned in `Base` is read in `Claude` (and the other way round).
A `@property` (or `functools.cached_property`) runs when its attribute is read
on `self`: `self.client` is a call of the property `client`.

Only top-level classes take part, and bases are followed by their names in
the module (`auditor.python.model.callees.lineage`).
"""

from __future__ import annotations

import ast
import functools
from collections import defaultdict
from collections.abc import Iterator

from auditor.python.model.ast_values import Function, dotted_name, is_property
from auditor.python.model.callees import lineage, method_of, methods, module_classes
from auditor.python.model.module import PythonModule


class ClassFamily:
    """The module's top-level classes, their subclasses and what `self.` runs in each."""

    def __init__(self, module: PythonModule) -> None:
        self.module = module

    @functools.cached_property
    def _classes(self) -> frozenset[ast.ClassDef]:
        return frozenset(module_classes(self.module).values())

    @functools.cached_property
    def _lineages(self) -> dict[ast.ClassDef, tuple[ast.ClassDef, ...]]:
        return {cls: tuple(lineage(self.module, cls)) for cls in self._classes}

    @functools.cached_property
    def _instances(self) -> dict[ast.ClassDef, list[ast.ClassDef]]:
        """Each class, and the classes of the module below it (whose instances it covers)."""
        found: dict[ast.ClassDef, list[ast.ClassDef]] = defaultdict(list)
        for cls, ancestors in self._lineages.items():
            for ancestor in ancestors:
                found[ancestor].append(cls)
        return found

    def instance_classes(self, cls: ast.ClassDef) -> list[ast.ClassDef]:
        """The classes `self` may be an instance of in a method of `cls` (itself first)."""
        return self._instances.get(cls) or [cls]

    def share_instances(self, first: ast.ClassDef | None, second: ast.ClassDef | None) -> bool:
        """Whether some instance is both a `first` and a `second` (one derives from the
        other, or a class of the module derives from both)."""
        if first is second:
            return True
        if first not in self._classes or second not in self._classes:
            return False
        return any(second in self._lineages[cls] for cls in self.instance_classes(first))

    def self_methods(self, cls: ast.ClassDef | None, name: str) -> list[Function]:
        """The methods `self.name` may run in a method of `cls`: the one each possible
        instance class resolves (its own, or its nearest base's); a nested class's own."""
        if cls is None or cls not in self._classes:
            own = methods(cls).get(name) if cls is not None else None
            return [own] if own is not None else []
        found = (method_of(self.module, sub, name) for sub in self.instance_classes(cls))
        return list(dict.fromkeys(f for f in found if f is not None))

    def is_property(self, function: Function) -> bool:
        """Whether a method runs when its attribute is read (`@property`)."""
        aliases = self.module.aliases
        for decorator in function.decorator_list:
            dotted = dotted_name(decorator) or ""
            head, _, rest = dotted.partition(".")
            resolved = aliases.get(head, head)
            if is_property(f"{resolved}.{rest}" if rest else resolved):
                return True
        return False

    def property_reads(
        self, function: Function, attributes: list[ast.Attribute]
    ) -> Iterator[ast.Attribute]:
        """The reads among `attributes` (all `self.<its name>`) that run a property."""
        if not self.is_property(function):
            return
        for attribute in attributes:
            if not isinstance(attribute.ctx, ast.Load):
                continue
            if function in self.self_methods(class_of(self.module, attribute), function.name):
                yield attribute


def on_self(node: ast.Attribute) -> bool:
    """Whether an attribute is read or set on `self` (`self.client`)."""
    return isinstance(node.value, ast.Name) and node.value.id == "self"


def class_of(module: PythonModule, node: ast.AST) -> ast.ClassDef | None:
    """The nearest class around a node (through the functions it defines)."""
    current = module.parent(node)
    while current is not None and not isinstance(current, ast.ClassDef):
        current = module.parent(current)
    return current


def method_owner(module: PythonModule, function: Function) -> ast.ClassDef | None:
    """The class a function is a method of (defined in its body), if it is one."""
    owner = module.parent(function)
    return owner if isinstance(owner, ast.ClassDef) else None
