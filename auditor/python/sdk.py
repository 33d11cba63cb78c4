"""LLM SDK clients: where they are built, how many times each request is sent, where used.

A client is built by a constructor of `rules/data/sdk.toml` (or config), or
derived from one with `.with_options(max_retries=N)` / `.copy(max_retries=N)`.
Its retry count comes from the keyword, resolved through literals, module
constants of this file and of other modules of the tree (the project index),
simple arithmetic and `**{…}` literals; absent, it is the SDK's default. Its
uses are the requests sent through it: a module global (also one assigned
under `global`; not where a function binds the same name for itself), a
`self.` attribute, a factory function of the module, or a local name.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import libcst as cst

from auditor.project import RetriedUse, module_name
from auditor.python.module import PythonModule, integer_value
from auditor.python.scopes import Scopes
from auditor.python.sdk_catalog import SdkCatalog, SdkConstructor
from auditor.python.unit import PythonUnit


@dataclass(frozen=True)
class Client:
    """One client construction (or derivation with new retries) and what it sends."""

    call: cst.Call
    label: str  # "Anthropic", "client.with_options"
    keyword: str
    retries: int | None  # None: a value runaudit cannot resolve
    explicit: bool  # the keyword (or a `**` mapping) is given
    references: tuple[cst.CSTNode, ...]  # request calls sent through this client
    exported: tuple[str, ...] = ()  # module-level names other modules can import it by

    @property
    def sends(self) -> int | None:
        """Physical sends per request: the first try plus the retries."""
        return None if self.retries is None else self.retries + 1


class _Resolver:
    def __init__(self, module: PythonModule, constants: Mapping[str, Mapping[str, int]]) -> None:
        self.module = module
        self.constants = constants  # module name -> constants (the project index)

    def _imported(self, dotted: str) -> int | None:
        module_name, _, name = dotted.rpartition(".")
        for candidate, values in self.constants.items():
            same = candidate == module_name or candidate.endswith("." + module_name)
            if module_name and same and name in values:
                return values[name]
        return None

    def _module_binding(self, name: str, depth: int) -> int | None:
        bindings = self.module.bindings.get((self.module.tree, name), [])
        assigns = [b for b in bindings if b.kind == "assign"]
        if len(assigns) == 1:
            return self.value(assigns[0].value, depth + 1)
        return None

    def value(self, node: cst.BaseExpression, depth: int = 0) -> int | None:
        """The integer an expression evaluates to, if it can be known statically."""
        if depth > 12:
            return None
        if isinstance(node, cst.Integer):
            return integer_value(node)
        if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
            inner = self.value(node.expression, depth + 1)
            return -inner if inner is not None else None
        if isinstance(node, cst.BinaryOperation):
            left, right = self.value(node.left, depth + 1), self.value(node.right, depth + 1)
            if left is None or right is None:
                return None
            operator = node.operator
            if isinstance(operator, cst.Add):
                return left + right
            if isinstance(operator, cst.Subtract):
                return left - right
            if isinstance(operator, cst.Multiply):
                return left * right
            if isinstance(operator, cst.FloorDivide) and right:
                return left // right
            return None
        if isinstance(node, cst.Name):
            local = self._module_binding(node.value, depth)
            if local is not None:
                return local
            dotted = self.module.aliases.get(node.value)
            return self._imported(dotted) if dotted else None
        if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name):
            base = self.module.aliases.get(node.value.value, node.value.value)
            return self._imported(f"{base}.{node.attr.value}")
        return None


def _retries(call: cst.Call, keyword: str, resolver: _Resolver) -> tuple[int | None, bool] | None:
    """(retries, explicit) from a call's arguments; None when the keyword is not set."""
    for argument in call.args:
        if argument.keyword is not None and argument.keyword.value == keyword:
            return resolver.value(argument.value), True
        if argument.star == "**":
            if isinstance(argument.value, cst.Dict):
                for element in argument.value.elements:
                    key = getattr(element, "key", None)
                    if isinstance(key, cst.SimpleString) and key.evaluated_value == keyword:
                        value = getattr(element, "value", None)
                        return (resolver.value(value) if value is not None else None), True
                continue
            return None, True  # `**opts`: it may set the keyword
    return None


def _chain_root(node: cst.BaseExpression) -> cst.BaseExpression:
    while isinstance(node, cst.Attribute | cst.Call | cst.Subscript):
        node = node.value if isinstance(node, cst.Attribute | cst.Subscript) else node.func
    return node


class _Uses:
    """The request calls sent through a name, an attribute or a factory."""

    def __init__(self, module: PythonModule) -> None:
        self.module = module

    @functools.cached_property
    def scopes(self) -> Scopes:
        """The names each function binds for itself (read once a use needs it)."""
        return Scopes(self.module)

    def outermost_call(self, node: cst.CSTNode) -> cst.Call | None:
        """The call a reference ends in (`client.chat.completions.create(...)`)."""
        found: cst.Call | None = None
        current: cst.CSTNode | None = node
        while True:
            parent = self.module.parent(current) if current is not None else None
            if isinstance(parent, cst.Attribute) and parent.value is current:
                current = parent
            elif isinstance(parent, cst.Call) and parent.func is current:
                found, current = parent, parent
            else:
                return found

    def of_name(self, name: str, scope: cst.CSTNode | None, depth: int = 0) -> Iterator[cst.Call]:
        for node in list(self.module.parents):
            if not isinstance(node, cst.Name) or node.value != name:
                continue
            if scope is not None and self.module.scope_of(node) is not scope:
                continue
            if scope is None and self.scopes.shadowed(node):
                continue  # a function's own `client` (a parameter, `with … as client`)
            parent = self.module.parent(node)
            if isinstance(parent, cst.Attribute) and parent.value is node:
                call = self.outermost_call(node)
                if call is not None:
                    yield call
            elif depth < 2:
                # `client = _make() if x else _anthropic`: follow the local copy.
                copy = self._copied_to(node)
                if copy is not None:
                    yield from self.of_name(copy, self.module.scope_of(node), depth + 1)

    def _copied_to(self, node: cst.CSTNode) -> str | None:
        current: cst.CSTNode | None = node
        parent = self.module.parent(node)
        while isinstance(parent, cst.IfExp | cst.BooleanOperation):
            current, parent = parent, self.module.parent(parent)
        if isinstance(parent, cst.Assign) and parent.value is current and len(parent.targets) == 1:
            target = parent.targets[0].target
            return target.value if isinstance(target, cst.Name) else None
        return None

    def of_attribute(self, attribute: str, cls: cst.ClassDef | None) -> Iterator[cst.Call]:
        for node in self.module.parents:
            if (
                isinstance(node, cst.Attribute)
                and node.attr.value == attribute
                and isinstance(node.value, cst.Name)
                and node.value.value == "self"
                and (cls is None or _class_of(self.module, node) is cls)
            ):
                call = self.outermost_call(node)
                if call is not None and call.func is not node:
                    yield call

    def of_factory(self, function: str) -> Iterator[cst.Call]:
        for call in self.module.calls:
            if isinstance(call.func, cst.Name) and call.func.value == function:
                outer = self.outermost_call(call)
                if outer is not None and outer is not call:
                    yield outer
                holder = self.module.parent(call)
                if isinstance(holder, cst.Assign) and len(holder.targets) == 1:
                    target = holder.targets[0].target
                    if isinstance(target, cst.Name):
                        yield from self.of_name(target.value, self.module.scope_of(call))


def _class_of(module: PythonModule, node: cst.CSTNode) -> cst.ClassDef | None:
    current = module.parent(node)
    while current is not None and not isinstance(current, cst.ClassDef):
        current = module.parent(current)
    return current


def _globals_of(module: PythonModule, function: cst.CSTNode) -> set[str]:
    names: set[str] = set()
    for node in module.parents:
        if isinstance(node, cst.Global) and module.scope_of(node) is function:
            names.update(item.name.value for item in node.names)
    return names


def _references(module: PythonModule, call: cst.Call, uses: _Uses) -> tuple[cst.CSTNode, ...]:
    """The request calls sent through the client a construction builds."""
    parent = module.parent(call)
    scope = module.scope_of(call)
    if isinstance(parent, cst.Assign | cst.AnnAssign):
        targets = (
            [t.target for t in parent.targets]
            if isinstance(parent, cst.Assign)
            else [parent.target]
        )
        found: list[cst.CSTNode] = []
        for target in targets:
            if isinstance(target, cst.Name):
                shared = scope is module.tree or target.value in _globals_of(module, scope)
                found.extend(uses.of_name(target.value, None if shared else scope))
            elif (
                isinstance(target, cst.Attribute)
                and isinstance(target.value, cst.Name)
                and target.value.value == "self"
            ):
                found.extend(uses.of_attribute(target.attr.value, _class_of(module, call)))
        return tuple(found)
    if isinstance(parent, cst.Return) and isinstance(scope, cst.FunctionDef):
        return tuple(uses.of_factory(scope.name.value))
    outer = uses.outermost_call(call)
    return (outer,) if outer is not None and outer is not call else ()


def _exported(module: PythonModule, call: cst.Call) -> tuple[str, ...]:
    """The module-level names (a global, a factory) that give other modules this client."""
    parent = module.parent(call)
    scope = module.scope_of(call)
    if isinstance(parent, cst.Assign):
        names = [t.target.value for t in parent.targets if isinstance(t.target, cst.Name)]
        if scope is module.tree:
            return tuple(names)
        return tuple(n for n in names if n in _globals_of(module, scope))
    if isinstance(parent, cst.Return) and isinstance(scope, cst.FunctionDef):
        return (scope.name.value,)
    return ()


def find_clients(
    module: PythonModule, sdk: SdkCatalog, constants: Mapping[str, Mapping[str, int]]
) -> list[Client]:
    """Every client construction or retry-changing derivation in a module."""
    resolver = _Resolver(module, constants)
    uses = _Uses(module)
    clients: list[Client] = []
    for call, names in module.calls.items():
        constructor = next((sdk.constructors[n] for n in names if n in sdk.constructors), None)
        label = ""
        if constructor is not None:
            label = constructor.qualified.rsplit(".", 1)[-1]
            found = _retries(call, constructor.keyword, resolver)
            retries, explicit = found if found is not None else (constructor.default, False)
        elif (
            isinstance(call.func, cst.Attribute)
            and call.func.attr.value in sdk.derivers
            and (found := _retries(call, "max_retries", resolver)) is not None
        ):
            retries, explicit = found
            root = _chain_root(call.func.value)
            if not isinstance(root, cst.Name):
                continue
            label = f"{root.value}.{call.func.attr.value}"
            constructor = SdkConstructor(label, "max_retries", 2)
        else:
            continue
        references = _references(module, call, uses)
        exported = _exported(module, call)
        clients.append(
            Client(call, label, constructor.keyword, retries, explicit, references, exported)
        )
    return clients


def retried_elsewhere(unit: PythonUnit, client: Client) -> Iterator[tuple[RetriedUse, str]]:
    """Uses, in other modules of the tree, of the names this client is exported by, under a
    retry decorator."""
    if not client.exported:
        return
    own = next(
        (name for name, s in unit.project.python.items() if s.path == unit.source.path),
        module_name(Path(unit.source.path)),
    )
    for summary in unit.project.python.values():
        for use in summary.retried_imports:
            same = (
                use.module == own
                or own.endswith("." + use.module)
                or use.module.endswith("." + own)
            )
            if same and use.name in client.exported and summary.path != unit.source.path:
                yield use, summary.path
