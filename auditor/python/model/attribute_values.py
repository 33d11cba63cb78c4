"""The values an attribute read (`config.claude_path`, `self.cmd`) can have in one module.

The object's class is followed where the module says it: `self` in a method (its
class and bases), a name bound to `Config(…)`, a parameter annotated
`config: Config`, `Config.attr`, `self.config.attr` with `self.config =
Config(…)`. An object of another kind (an imported module, a parameter annotated
with a type the module does not define, a name bound to a literal) has none of
the module's values. An object not known at all (an unannotated parameter)
takes the values of every class of the module that assigns the attribute
(`auditor.python.model.class_attributes`).
"""

from __future__ import annotations

import ast

from auditor.python.model.ast_values import Function
from auditor.python.model.callees import enclosing_class, instance_class
from auditor.python.model.class_attributes import ClassAttributes
from auditor.python.model.module import PythonModule
from auditor.python.model.reaching import reaching_chains

_MAX_DEPTH = 4  # attribute chains followed (`self.config.paths.claude`)


def attribute_values(
    module: PythonModule, attributes: ClassAttributes, node: ast.Attribute, depth: int = 0
) -> list[ast.expr]:
    """Every value the module's classes give the attribute `node` reads, for the classes
    its object can be of (source order; empty when none is known)."""
    owners = _owners(module, attributes, node.value, depth)
    return attributes.read(node.attr, owners) if owners != [] else []


def _owners(
    module: PythonModule, attributes: ClassAttributes, receiver: ast.expr, depth: int
) -> list[str] | None:
    """The classes (with their bases) an object can be of: [] for none of the module's,
    None when it is not known."""
    if isinstance(receiver, ast.Call):
        cls = instance_class(module, receiver)
        return attributes.lineage(cls.name) if cls is not None else None
    if isinstance(receiver, ast.Attribute):
        if depth >= _MAX_DEPTH:
            return None
        values = attribute_values(module, attributes, receiver, depth + 1)
        classes = [instance_class(module, v) if isinstance(v, ast.Call) else None for v in values]
        if not values or any(c is None for c in classes):
            return None
        return [name for c in classes if c is not None for name in attributes.lineage(c.name)]
    if not isinstance(receiver, ast.Name):
        return None
    scope = module.scope_of(receiver)
    cls = enclosing_class(module, receiver)
    return attributes.owners(
        receiver,
        method_class=cls.name if cls is not None else None,
        bound=_bound(module, receiver),
        imported=receiver.id in module.aliases,
        function=scope if isinstance(scope, Function) else None,
    )


def _bound(module: PythonModule, name: ast.Name) -> ast.expr | None:
    """The value the last definition of a name that reaches its use gives it (in its
    function, else the module's)."""
    scope = module.scope_of(name)
    for owner, use in ((scope, name), (module.tree, None)):
        bindings = module.bindings.get((owner, name.id), [])
        chains = reaching_chains(module, bindings, use) if bindings else []
        if chains:  # a loop's target holds an item of its value, not the value
            return chains[0][0].value if chains[0][0].kind == "assign" else None
        if owner is module.tree:
            break
    return None
