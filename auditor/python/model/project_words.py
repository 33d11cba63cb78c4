"""What the rest of the tree gives a module's expressions that its own resolver cannot
follow (the project call graph, through `PythonModule.project`): the argv a parameter
or a call of another module holds, the program name passed to a parameter, and the
program name the tree's classes give an attribute, and the value a module-level name
of another module holds."""

from __future__ import annotations

import ast

from auditor.python.model.ast_values import dotted_name
from auditor.python.model.module import PythonModule


def project_argvs(module: PythonModule, node: ast.Name | ast.Call) -> list[list[str]]:
    """The argvs a parameter (`cmd`) or a call (`Builder().build()`) may hold."""
    project = module.project
    function = module.qualname(module.scope_of(node))
    if project is None or function is None:
        return []
    if isinstance(node, ast.Name):
        if module.bindings.get((module.scope_of(node), node.id)):
            return []  # a local name, not a parameter the callers bind
        return project.parameter_argvs(function, node.id)
    return project.call_argvs(function, node.lineno, node.col_offset)


def parameter_texts(module: PythonModule, node: ast.Name) -> list[str]:
    """The program names callers pass a parameter (`shutil.which("codex")`)."""
    project, scope = module.project, module.scope_of(node)
    function = module.qualname(scope)
    if project is None or function is None or scope is module.tree:
        return []
    return project.parameter_texts(function, node.id)


def imported_texts(module: PythonModule, node: ast.Name | ast.Attribute) -> list[str]:
    """The program names or agent command strings a module-level name of another module
    holds there, read through an import (`config.CODEX_CMD` after `from . import config`,
    `CODEX_CMD` after `from .config import CODEX_CMD`)."""
    project, dotted = module.project, dotted_name(node)
    if project is None or dotted is None:
        return []
    head = dotted.split(".", 1)[0]
    scope = module.scope_of(node)
    if module.bindings.get((scope, head)) or module.bindings.get((module.tree, head)):
        return []  # bound here: the module's own resolver follows it
    return project.global_texts(dotted)


def field_texts(module: PythonModule, node: ast.Attribute) -> list[str]:
    """The program names the tree's classes give the attribute read by `node`, for an
    object of its annotated class, or of unknown class when it has none."""
    project = module.project
    if project is None:
        return []
    return project.field_texts(node.attr, _annotation(module, node.value))


def _annotation(module: PythonModule, receiver: ast.expr) -> str | None:
    """The qualified class a parameter's annotation names (`args: argparse.Namespace`)."""
    scope = module.scope_of(receiver)
    if not isinstance(receiver, ast.Name) or scope is module.tree:
        return None
    arguments = getattr(scope, "args", None)
    every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs] if arguments else []
    found = next((a.annotation for a in every if a.arg == receiver.id), None)
    dotted = dotted_name(found) if found is not None else None
    return module.qualified(dotted) if dotted is not None else None
