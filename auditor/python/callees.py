"""Which function of a module a call runs, and what it returns (libcst).

A runner builds its argv in a helper (`def build(self): return ["claude",
"-p", self.prompt]`) and calls it as `self.build()`, `Command(p).build()`,
`cmd = Command(p); cmd.build()` or `build_command(p)`. The callee is a
function of the module, or a method of one of its top-level classes, found
up the class's bases in the module when the class does not define it.
"""

from __future__ import annotations

from collections.abc import Iterator

import libcst as cst

from auditor.python.module import PythonModule, children, dotted_name
from auditor.python.reaching import reaching_chains

_MAX_BASES = 8  # classes walked up a hierarchy


def module_classes(module: PythonModule) -> dict[str, cst.ClassDef]:
    """The module's top-level classes by name (the last definition wins, as in Python)."""
    return {s.name.value: s for s in module.tree.body if isinstance(s, cst.ClassDef)}


def module_functions(module: PythonModule) -> dict[str, cst.FunctionDef]:
    """The module's top-level functions by name (the last definition wins)."""
    return {s.name.value: s for s in module.tree.body if isinstance(s, cst.FunctionDef)}


def methods(cls: cst.ClassDef) -> dict[str, cst.FunctionDef]:
    """The functions a class body defines, by name."""
    body = cls.body.body if isinstance(cls.body, cst.IndentedBlock) else ()
    return {s.name.value: s for s in body if isinstance(s, cst.FunctionDef)}


def enclosing_class(module: PythonModule, node: cst.CSTNode) -> cst.ClassDef | None:
    """The top-level class whose method holds `node` (not a function nested in one)."""
    function = module.scope_of(node)
    while isinstance(function, cst.FunctionDef):
        owner = module.parent(function)
        owner = module.parent(owner) if isinstance(owner, cst.IndentedBlock) else owner
        if isinstance(owner, cst.ClassDef):
            return owner if module.parent(owner) is module.tree else None
        function = module.scope_of(function)
    return None


def base_names(cls: cst.ClassDef) -> list[str]:
    """The dotted names a class lists as its bases (`Mixin`, `base.Runner`)."""
    return [name for arg in cls.bases if arg.keyword is None and (name := dotted_name(arg.value))]


def lineage(module: PythonModule, cls: cst.ClassDef) -> Iterator[cst.ClassDef]:
    """A class and its bases defined in the module, nearest first."""
    classes = module_classes(module)
    pending, seen = [cls], set[str]()
    while pending and len(seen) < _MAX_BASES:
        current = pending.pop(0)
        if current.name.value in seen:
            continue
        seen.add(current.name.value)
        yield current
        pending += [classes[name] for name in base_names(current) if name in classes]


def method_of(module: PythonModule, cls: cst.ClassDef, name: str) -> cst.FunctionDef | None:
    """The method `name` a class has: its own, or its nearest base's in the module."""
    for current in lineage(module, cls):
        found = methods(current).get(name)
        if found is not None:
            return found
    return None


def instance_class(module: PythonModule, node: cst.BaseExpression) -> cst.ClassDef | None:
    """The module's class whose instance an expression is: `Command(p)`, or a name whose
    last reaching assignment is one, or `self` in a method."""
    classes = module_classes(module)
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Name):
        return classes.get(node.func.value)
    if not isinstance(node, cst.Name):
        return None
    if node.value == "self":
        return enclosing_class(module, node)
    bindings = module.bindings.get((module.scope_of(node), node.value), [])
    chains = reaching_chains(module, bindings, node) if bindings else []
    value = chains[0][0].value if chains else None
    return instance_class(module, value) if isinstance(value, cst.Call) else None


def called_function(module: PythonModule, call: cst.Call) -> cst.FunctionDef | None:
    """The function of this module a call runs: `f(…)`, `self.f(…)`, `Class(…).f()`,
    `obj.f()` with `obj = Class(…)`, `Class.f(…)`."""
    func = call.func
    if isinstance(func, cst.Name):
        bound = module.bindings.get((module.scope_of(call), func.value))
        return None if bound else module_functions(module).get(func.value)
    if not isinstance(func, cst.Attribute):
        return None
    receiver = func.value
    cls = instance_class(module, receiver)
    if cls is None and isinstance(receiver, cst.Name):
        if receiver.value == "cls":
            cls = enclosing_class(module, call)
        elif not module.bindings.get((module.scope_of(call), receiver.value)):
            cls = module_classes(module).get(receiver.value)
    return method_of(module, cls, func.attr.value) if cls is not None else None


def returned_values(function: cst.FunctionDef) -> list[cst.BaseExpression]:
    """The values of a function's `return` statements (not those of functions or classes
    it defines), in source order."""
    values: list[cst.BaseExpression] = []
    stack: list[cst.CSTNode] = [function.body]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Return) and node.value is not None:
            values.append(node.value)
        elif not isinstance(node, cst.FunctionDef | cst.ClassDef | cst.Lambda):
            stack.extend(reversed(children(node)))
    return values
