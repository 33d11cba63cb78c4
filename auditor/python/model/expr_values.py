"""Values read off expressions of a module: integers, exception classes, call arguments, the
items of a list."""

from __future__ import annotations

import ast

from auditor.python.model.ast_values import (
    Function,
    dotted_name,
    parameter_names,
    returned_values,
)
from auditor.python.model.module import PythonModule, integer_value

_EX_CODES = {"EX_OK": 0, "EX_TEMPFAIL": 75}


def integers(module: PythonModule, node: ast.AST | None) -> tuple[int, ...] | None:
    """The integers an expression is: a literal, `-N`, a module constant, `os.EX_TEMPFAIL`,
    a tuple, list or set of those, or `+`/`-` of two."""
    if isinstance(node, ast.Constant):
        value = integer_value(node)
        return (value,) if value is not None else None
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = integers(module, node.operand)
        return (-inner[0],) if inner and len(inner) == 1 else None
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        values = [integers(module, e) for e in node.elts]
        if values and all(v is not None and len(v) == 1 for v in values):
            return tuple(v[0] for v in values if v)
        return None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Sub):
        left, right = integers(module, node.left), integers(module, node.right)
        if left and right and len(left) == len(right) == 1:
            sign = 1 if isinstance(node.op, ast.Add) else -1
            return (left[0] + sign * right[0],)
        return None
    dotted = dotted_name(node) if isinstance(node, ast.expr) else None
    if dotted is not None and dotted.rsplit(".", 1)[-1] in _EX_CODES:
        return (_EX_CODES[dotted.rsplit(".", 1)[-1]],)
    if isinstance(node, ast.Name):
        bindings = module.bindings.get((module.tree, node.id), [])
        if len(bindings) == 1:
            value = integer_value(bindings[0].value)
            return (value,) if value is not None else None
    return None


def integer(module: PythonModule, node: ast.AST | None) -> int | None:
    """The one integer an expression is, if it is one."""
    values = integers(module, node)
    return values[0] if values and len(values) == 1 else None


def keyword_argument(call: ast.Call | None, name: str | None) -> ast.expr | None:
    """The value a call passes as keyword `name`."""
    if call is None or name is None:
        return None
    return next((k.value for k in call.keywords if k.arg == name), None)


def positional_arguments(call: ast.Call) -> list[ast.expr]:
    """The values a call passes by position, up to the first `*args`."""
    values: list[ast.expr] = []
    for arg in call.args:
        if isinstance(arg, ast.Starred):
            break
        values.append(arg)
    return values


def positional_argument(call: ast.Call | None, index: int | None) -> ast.expr | None:
    """The value a call passes at position `index` (before any `*args`)."""
    values = positional_arguments(call) if call is not None else []
    return values[index] if index is not None and index < len(values) else None


def first_argument(module: PythonModule, call: ast.Call) -> ast.expr | None:
    """The value of a call's first argument as written, whatever its kind (`x`, `*x`,
    `k=x`, `**x`)."""
    first: ast.expr | ast.keyword | None = call.args[0] if call.args else None
    if call.keywords and (first is None or module.ends_before(call.keywords[0], first)):
        first = call.keywords[0]  # `f(k=x, *rest)`
    if isinstance(first, ast.Starred | ast.keyword):
        return first.value
    return first


def is_true(node: ast.AST | None) -> bool:
    """Whether an expression is the literal `True`."""
    return isinstance(node, ast.Constant) and node.value is True


def list_items(module: PythonModule, node: ast.expr) -> list[ast.expr]:
    """The expressions a list (or tuple) may hold as items, every one any path gives it:
    a list written out, with what a `*` spreads in it; a name's every value in its scope,
    with what is appended, added or extended to it; both sides of `+`; and what the
    module's function of that name, called by it, returns (`[*runtime_middleware(),
    guard]`). Items it cannot know are left out. A worklist: each name and function is
    followed once."""
    found: dict[int, ast.expr] = {}
    seen: set[tuple[int, str]] = set()
    work = [node]
    while work:
        current = work.pop()
        if isinstance(current, ast.List | ast.Tuple):
            for element in current.elts:
                if isinstance(element, ast.Starred):
                    work.append(element.value)
                else:
                    found.setdefault(id(element), element)
        elif isinstance(current, ast.BinOp) and isinstance(current.op, ast.Add):
            work += [current.left, current.right]
        elif isinstance(current, ast.Name):
            scope = module.scope_of(current)
            if (id(scope), current.id) in seen:
                continue
            seen.add((id(scope), current.id))
            for binding in module.bindings.get((scope, current.id), []):
                if binding.kind == "append":
                    found.setdefault(id(binding.value), binding.value)
                elif binding.kind in ("assign", "add", "extend"):
                    work.append(binding.value)
        elif isinstance(current, ast.Call) and isinstance(current.func, ast.Name):
            called = _module_function(module, current)
            if called is not None and (id(called), "") not in seen:
                seen.add((id(called), ""))
                work += returned_values(called)
    return list(found.values())


def _module_function(module: PythonModule, call: ast.Call) -> Function | None:
    """The module-level function a call by name runs: the last one of that name, unless
    the call's own scope binds the name (a parameter, a local)."""
    assert isinstance(call.func, ast.Name)
    name = call.func.id
    scope = module.scope_of(call)
    if module.bindings.get((scope, name)):
        return None
    if isinstance(scope, Function) and name in parameter_names(scope):
        return None
    defined = [s for s in module.tree.body if isinstance(s, Function) and s.name == name]
    return defined[-1] if defined else None
