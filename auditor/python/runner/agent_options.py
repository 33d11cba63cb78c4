"""The options an agent SDK query runs with, where they give the agent no tool at all.

`query(prompt=…, options=ClaudeAgentOptions(tools=[], permission_mode="plan"))` only
answers: it edits nothing and runs no command, so running it again repeats no side
effect (RA301's steps are runs whose tools act). The options are read where the call
builds them, through a local name one assignment gives them, or through a function of
the module that builds and returns them (`self._build_options(…)`).
"""

from __future__ import annotations

import ast

from auditor.python.model.ast_values import dotted_name, returned_values, walk
from auditor.python.model.attribute_values import attribute_values
from auditor.python.model.callees import called_function
from auditor.python.model.class_attributes import class_attributes
from auditor.python.model.expr_values import keyword_argument
from auditor.python.model.module import PythonModule
from auditor.python.model.reaching import reaching_assignments

_DEPTH = 3  # names and functions followed to the options' construction


def gives_no_tools(module: PythonModule, call: ast.Call) -> bool:
    """Whether a query's `options=` (or a client's, `ClaudeSDKClient(options)`) give the
    agent no tool (`options_give_no_tools`), read through the module's names and
    functions."""
    options = _constructed(module, given_options(call), 0)
    return options is not None and options_give_no_tools(options)


def given_options(call: ast.Call) -> ast.expr | None:
    """What a query or a client is given as its options: `options=`, else its first
    argument (`ClaudeSDKClient(options)`)."""
    options = keyword_argument(call, "options")
    return options if options is not None or not call.args else call.args[0]


def options_give_no_tools(options: ast.Call) -> bool:
    """Whether an `…Options(…)` construction gives the agent no tool: none offered
    (`tools=[]`), every one refused (`disallowed_tools=["*"]`), or plan mode
    (`permission_mode="plan"`: it reads and answers, changes nothing)."""
    given = {k.arg: k.value for k in options.keywords if k.arg}
    plan = given.get("permission_mode")
    if isinstance(plan, ast.Constant) and plan.value == "plan":
        return True
    tools = given.get("tools")
    if isinstance(tools, ast.List | ast.Tuple) and not tools.elts:
        return True
    refused = given.get("disallowed_tools")
    return isinstance(refused, ast.List | ast.Tuple) and any(
        isinstance(e, ast.Constant) and e.value == "*" for e in refused.elts
    )


def _constructed(module: PythonModule, node: ast.expr | None, depth: int) -> ast.Call | None:
    """The `…Options(…)` call that `node` holds, when only one can reach it."""
    if node is None or depth > _DEPTH:
        return None
    if isinstance(node, ast.Name):
        scope = module.scope_of(node)
        bindings = module.bindings.get((scope, node.id), [])
        use: ast.AST | None = node
        if not bindings and _module_level(module, scope):  # a free name: the module's, at
            scope, use = module.tree, None  # its end (a closure's may be its function's)
            bindings = module.bindings.get((scope, node.id), [])
        reaching = reaching_assignments(module, bindings, use)
        values = [b.value for b in reaching if b.kind == "assign"]
        if len(values) != 1 or len(values) != len(reaching) or _changed(module, scope, node.id):
            return None
        return _constructed(module, values[0], depth + 1)
    if isinstance(node, ast.Attribute):  # `self.options`: what the module's classes give it
        given = attribute_values(module, class_attributes(module.tree), node)
        return _constructed(module, given[0], depth + 1) if len(given) == 1 else None
    if not isinstance(node, ast.Call):
        return None
    function = called_function(module, node)
    if function is not None:
        returned = returned_values(function)
        return _constructed(module, returned[0], depth + 1) if len(returned) == 1 else None
    named = (dotted_name(node.func) or "").rsplit(".", 1)[-1]
    return node if named.endswith("Options") else None


def _module_level(module: PythonModule, scope: ast.AST) -> bool:
    """Whether a function's free names are the module's: no function encloses it."""
    return scope is not module.tree and module.scope_of(scope) is module.tree


def _changed(module: PythonModule, scope: ast.AST, name: str) -> bool:
    """Whether the scope sets a field of the options after building them (`options.tools
    = ["Bash"]`, `options.permission_mode = "acceptEdits"`)."""
    return any(
        isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign)
        and any(
            isinstance(target, ast.Attribute)
            and isinstance(target.value, ast.Name)
            and target.value.id == name
            for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        )
        for node in walk(scope)
    )
