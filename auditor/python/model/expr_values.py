"""Values read off expressions of a module: integers, exception classes, call arguments, the
items of a list."""

from __future__ import annotations

import ast

from auditor.python.model.ast_values import Function, dotted_name, returned_values
from auditor.python.model.module import PythonModule, integer_value

_EX_CODES = {"EX_OK": 0, "EX_TEMPFAIL": 75}
_MAX_ITEM_DEPTH = 6  # names and functions followed for a list's items


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


def list_items(module: PythonModule, node: ast.expr, depth: int = 0) -> list[ast.expr]:
    """The expressions a list (or tuple) may hold as items, every one any path gives it:
    a list written out, with what a `*` spreads in it; a name's every value in its scope,
    with what is appended, added or extended to it; both sides of `+`; and what a
    function of the module called by name returns (`[*runtime_middleware(), guard]`).
    Items it cannot know are left out."""
    if depth > _MAX_ITEM_DEPTH:
        return []
    depth += 1
    if isinstance(node, ast.List | ast.Tuple):
        found: list[ast.expr] = []
        for element in node.elts:
            if isinstance(element, ast.Starred):
                found += list_items(module, element.value, depth)
            else:
                found.append(element)
        return found
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return list_items(module, node.left, depth) + list_items(module, node.right, depth)
    if isinstance(node, ast.Name):
        found = []
        for binding in module.bindings.get((module.scope_of(node), node.id), []):
            if binding.kind == "append":
                found.append(binding.value)
            elif binding.kind in ("assign", "add", "extend"):
                found += list_items(module, binding.value, depth)
        return found
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        called = next(
            (s for s in module.tree.body if isinstance(s, Function) and s.name == node.func.id),
            None,
        )
        if called is None:
            return []
        return [i for value in returned_values(called) for i in list_items(module, value, depth)]
    return []
