"""The calls of one of a module's functions in that module, as the call graph sees them."""

from __future__ import annotations

import ast

from auditor.python.model.ast_values import Function, dotted_name
from auditor.python.model.module import PythonModule


def calls_of(module: PythonModule, function: Function) -> list[ast.Call]:
    """The calls of `function` in the module: by its name, on `self` for a method, or
    on an instance the call graph says holds its class (`xx = Claude()`, then
    `xx.generate(…)`)."""
    method = isinstance(module.parent(function), ast.ClassDef)
    qualname = module.qualname(function) if method else None
    project = module.project
    found: list[ast.Call] = []
    for node in module.parents:
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name) and not method:
            named = func.id
        elif isinstance(func, ast.Attribute) and method and dotted_name(func.value) == "self":
            named = func.attr
        elif (
            isinstance(func, ast.Attribute)
            and func.attr == function.name
            and qualname is not None
            and project is not None
        ):
            scope = module.scope_name(module.scope_of(node)) or "<module>"
            if project.runs_own(scope, node.lineno, node.col_offset, qualname):
                found.append(node)
            continue
        else:
            continue
        if named == function.name:
            found.append(node)
    return found
