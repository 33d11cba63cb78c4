"""What a module's classes give their attributes (stdlib `ast` only).

A runner often names its agent in a config object: a class attribute
(`claude_path = "claude"`), a dataclass default (`claude_path: str = "claude"`,
`field(default="claude")`), or an assignment in a method (`self.claude_path =
Path(os.getenv("CLAUDE_PATH", "claude"))`), read elsewhere as
`config.claude_path`. `ClassAttributes` lists, for each attribute name, every
value the module's classes assign it, so a read of `obj.attr` whose object is
not known itself can take each of them, the way a name takes each definition
that reaches it. Both resolvers use it: the per-file one
(`auditor.python.model.attribute_values`) and the project index's
(`auditor.python.runner.summary`).
"""

from __future__ import annotations

import ast
import functools
from itertools import chain
from typing import NamedTuple

from auditor.python.model.ast_values import (
    Function,
    assignment,
    class_lineage,
    dotted_name,
    statements,
)

# Calls in a class body whose `default=` is the attribute's default (dataclasses, attrs,
# pydantic); any other value they hold (`default_factory=`) is not followed.
_FIELD_CALLS = frozenset({"field", "Field", "ib", "attrib"})
# Values that are not an object of the module's classes.
_PLAIN = (ast.Constant, ast.JoinedStr, ast.List, ast.Tuple, ast.Dict, ast.Set, ast.BinOp)


class AttributeValue(NamedTuple):
    """One value a class gives an attribute."""

    owner: str  # the class's name
    value: ast.expr
    method: Function | None = None  # the method that assigns it (`self.x = x`), if one


@functools.lru_cache(maxsize=2)  # the module being read (its tree dies with its audit)
def class_attributes(tree: ast.Module) -> ClassAttributes:
    """The attribute values of a parsed module's classes (read once per module: every
    resolver of the module asks)."""
    return ClassAttributes(tree)


class ClassAttributes:
    """The attribute values every class of one module assigns, by attribute name."""

    def __init__(self, tree: ast.Module) -> None:
        self.values: dict[str, list[AttributeValue]] = {}
        self.classes: dict[str, ast.ClassDef] = {}
        # the types the classes declare for an attribute (`clients: dict[str, Client]` in
        # the body, `self.client: Client | None = None` in a method), by its name, with
        # the class declaring each (read through a lineage: `declared`)
        self.annotations: dict[str, list[tuple[str, ast.expr]]] = {}
        for node in _classes(tree):
            self.classes.setdefault(node.name, node)
            for name, value, method in _assigned(node):
                assigned = AttributeValue(node.name, value, method)
                self.values.setdefault(name, []).append(assigned)
            for name, item, _ in attributes_set(node):
                if isinstance(item, ast.AnnAssign):
                    self.annotations.setdefault(name, []).append((node.name, item.annotation))

    def lineage(self, name: str) -> list[str]:
        """A class and its bases defined in the module, nearest first."""
        cls = self.classes.get(name)
        return [c.name for c in class_lineage(self.classes, cls)] if cls is not None else []

    def declared(self, attribute: str, cls: str) -> list[ast.expr]:
        """The types class `cls` or a base of the module declares for `attribute`."""
        lineage = self.lineage(cls)
        return [a for owner, a in self.annotations.get(attribute, ()) if owner in lineage]

    def read(self, attribute: str, owners: list[str] | None) -> list[ast.expr]:
        """The values `attribute` can have: those the classes of `owners` (a class and its
        bases) give it, or, when the owner is not known (None), every class's."""
        return [v.value for v in self.assigned(attribute, owners)]

    def assigned(self, attribute: str, owners: list[str] | None) -> list[AttributeValue]:
        """The assignments of `attribute` by the classes of `owners` (see `read`)."""
        found = self.values.get(attribute, [])
        return found if owners is None else [v for v in found if v.owner in owners]

    def owners(
        self,
        receiver: ast.Name,
        *,
        method_class: str | None,
        bound: ast.expr | None,
        imported: bool,
        function: Function | None,
    ) -> list[str] | None:
        """The classes (with their bases) a named object can be of: [] for none of the
        module's, None when it is not known. `method_class`: the class whose method reads
        it; `bound`: the value the name is bound to where it is read; `imported`: the name
        is an import; `function`: the function it is read in (for its annotations)."""
        if receiver.id in ("self", "cls"):
            return self.lineage(method_class) if method_class is not None else None
        if bound is not None:
            called = bound.func if isinstance(bound, ast.Call) else None
            if isinstance(called, ast.Name) and called.id in self.classes:
                return self.lineage(called.id)  # `cfg = Config()`
            return [] if isinstance(bound, _PLAIN) else None
        if imported:
            return []  # an imported module or name: not an object of this module's classes
        if receiver.id in self.classes:
            return self.lineage(receiver.id)  # `Config.claude_path`
        return self.annotated(function, receiver.id)

    def through_kept(self, cls: str, dotted: str) -> list[str]:
        """A callee `self.ATTR.REST` read through what the class or a base of the module
        stores in `self.ATTR` by name (`self._anthropic = anthropic` in `__init__`, then
        `self._anthropic.AsyncAnthropic(…)`): `NAME.REST` for each name stored there."""
        head, _, rest = dotted.partition(".")
        attribute, _, rest = rest.partition(".")
        if head != "self" or not rest:
            return []
        found: list[str] = []
        for stored in self.assigned(attribute, self.lineage(cls)):
            value = stored.value
            if not isinstance(value, ast.Name):
                continue
            given = stored.method.args if stored.method is not None else None
            if given is not None and value.id in (
                a.arg for a in (*given.posonlyargs, *given.args, *given.kwonlyargs)
            ):
                continue  # what a caller gives the method (`self._openai = openai`, a parameter)
            found.append(f"{value.id}.{rest}")
        return found

    def annotated(self, function: Function | None, name: str) -> list[str] | None:
        """The module's classes a parameter's annotation names (`config: Config`,
        `Config | None`), with their bases: [] when it names only other types
        (`args: argparse.Namespace`), None when the parameter is not annotated."""
        if function is None:
            return None
        arguments = function.args
        every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
        annotation = next((a.annotation for a in every if a.arg == name), None)
        if annotation is None:
            return None
        if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
            try:
                annotation = ast.parse(annotation.value, mode="eval").body
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                return None  # not an expression runaudit can read: not known
        named = [n.id for n in ast.walk(annotation) if isinstance(n, ast.Name)]
        named += [n.attr for n in ast.walk(annotation) if isinstance(n, ast.Attribute)]
        return [c for n in named if n in self.classes for c in self.lineage(n)]


def _classes(tree: ast.Module) -> list[ast.ClassDef]:
    """Every class the module defines, nested ones too, in source order."""
    return [node for node in statements(tree) if isinstance(node, ast.ClassDef)]


def _assigned(cls: ast.ClassDef) -> list[tuple[str, ast.expr, Function | None]]:
    """The attribute values a class's body and its methods (`self.name = …`) assign."""
    found: list[tuple[str, ast.expr, Function | None]] = []
    for statement in cls.body:
        if isinstance(statement, ast.Assign):
            targets = [t for t in statement.targets if isinstance(t, ast.Name)]
            found += [(t.id, statement.value, None) for t in targets]
        elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
            value = _field_default(statement.value)
            if isinstance(statement.target, ast.Name) and value is not None:
                found.append((statement.target.id, value, None))
        elif isinstance(statement, Function):
            found += [(name, value, statement) for name, value in _method_assigned(statement)]
    return found


# An attribute a class sets: its name, the assignment, whether it is in the class body
# (else `self.NAME = …` in a method)
SetAttribute = tuple[str, ast.Assign | ast.AnnAssign, bool]


def attributes_set(node: ast.ClassDef) -> list[SetAttribute]:
    """The attributes a class's body and methods set, in source order (methods after the
    body), found in one walk for the facts that read them."""
    body = {id(item) for item in node.body}
    methods = [item for item in node.body if isinstance(item, Function)]
    inside = (s for method in methods for s in statements(method, definitions=False))
    found: list[SetAttribute] = []
    for item in chain(node.body, inside):
        if not isinstance(item, ast.Assign | ast.AnnAssign):
            continue
        targets = item.targets if isinstance(item, ast.Assign) else [item.target]
        for target in targets:
            if isinstance(target, ast.Name) and id(item) in body:  # not a method's local
                found.append((target.id, item, True))
            elif isinstance(target, ast.Attribute) and dotted_name(target.value) == "self":
                found.append((target.attr, item, False))
    return found


def _field_default(value: ast.expr) -> ast.expr | None:
    """A class-body value, or its `default=` when it is a field declaration."""
    if not isinstance(value, ast.Call):
        return value
    name = dotted_name(value.func)
    if name is None or name.rsplit(".", 1)[-1] not in _FIELD_CALLS:
        return value
    return next((k.value for k in value.keywords if k.arg == "default"), None)


def _method_assigned(method: Function) -> list[tuple[str, ast.expr]]:
    """`self.name = value` in a method (its first parameter's attributes; not in the
    functions and classes it defines)."""
    decorators = {dotted_name(d) for d in method.decorator_list}
    positional = [*method.args.posonlyargs, *method.args.args]
    if not positional or "staticmethod" in decorators:
        return []
    receiver = positional[0].arg
    found: list[tuple[str, ast.expr]] = []
    for node in statements(method, definitions=False):
        targets, value = assignment(node)
        for target in targets:
            if (
                value is not None
                and isinstance(target, ast.Attribute)
                and isinstance(target.value, ast.Name)
                and target.value.id == receiver
            ):
                found.append((target.attr, value))
    return found
