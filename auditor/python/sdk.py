"""LLM SDK clients: where they are built, how many times each request is sent, where used.

A client is built by a constructor of `rules/data/sdk.toml` (or config), or
derived from one with `.with_options(max_retries=N)` / `.copy(max_retries=N)`.
Its retry count comes from the keyword, resolved through literals, module
constants of this file and of other modules of the tree (the project index),
simple arithmetic and `**{…}` literals (also one of two, `**({…} if x else {})`);
absent, it is the SDK's default. Its uses are the requests sent through it,
wherever the value goes (`auditor.python.value_flow`): a name, a `self.`
attribute, a container, a factory's return, a function's parameter.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import libcst as cst

from auditor.project import RetriedUse, module_name
from auditor.python.module import PythonModule, integer_value
from auditor.python.sdk_catalog import SdkCatalog, SdkConstructor
from auditor.python.unit import PythonUnit
from auditor.python.value_flow import ValueFlow, attribute_call


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
            values = _mapping_values(argument.value, keyword)
            if values is None:
                return None, True  # `**opts`: it may set the keyword
            if values:
                given = {resolver.value(value) for value in values}
                return (given.pop() if len(given) == 1 else None), True
    return None


def _mapping_values(node: cst.BaseExpression, keyword: str) -> list[cst.BaseExpression] | None:
    """What a `**` mapping may give `keyword`: a value per dict literal that sets it (none
    when none does); None when the mapping is not literals (`**{…}`, `**({…} if x else {})`)."""
    if isinstance(node, cst.IfExp):
        body, orelse = _mapping_values(node.body, keyword), _mapping_values(node.orelse, keyword)
        return None if body is None or orelse is None else body + orelse
    if not isinstance(node, cst.Dict):
        return None
    found: list[cst.BaseExpression] = []
    for element in node.elements:
        if not isinstance(element, cst.DictElement):
            return None  # `**{**other}`
        key = element.key
        if isinstance(key, cst.SimpleString) and key.evaluated_value == keyword:
            found.append(element.value)
    return found


def _chain_root(node: cst.BaseExpression) -> cst.BaseExpression:
    while isinstance(node, cst.Attribute | cst.Call | cst.Subscript):
        node = node.value if isinstance(node, cst.Attribute | cst.Subscript) else node.func
    return node


def find_clients(
    module: PythonModule, sdk: SdkCatalog, constants: Mapping[str, Mapping[str, int]]
) -> list[Client]:
    """Every client construction or retry-changing derivation in a module."""
    resolver = _Resolver(module, constants)
    flow = ValueFlow(module)
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
        reached = flow.trace(call)
        requests = (attribute_call(module, use) for use in reached.uses)
        references = tuple(dict.fromkeys(r for r in requests if r is not None))
        clients.append(
            Client(
                call, label, constructor.keyword, retries, explicit, references, reached.exported
            )
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
