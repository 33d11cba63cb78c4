"""Values read off libcst expressions: integers, exception classes, call arguments."""

from __future__ import annotations

import libcst as cst

from auditor.python.module import PythonModule, dotted_name, integer_value

_EX_CODES = {"EX_OK": 0, "EX_TEMPFAIL": 75}


def integers(module: PythonModule, node: cst.BaseExpression | None) -> tuple[int, ...] | None:
    """The integers an expression is: a literal, `-N`, a module constant, `os.EX_TEMPFAIL`,
    a tuple, list or set of those, or `+`/`-` of two."""
    if isinstance(node, cst.Integer):
        value = integer_value(node)
        return (value,) if value is not None else None
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        inner = integers(module, node.expression)
        return (-inner[0],) if inner and len(inner) == 1 else None
    if isinstance(node, cst.Tuple | cst.List | cst.Set):
        values = [integers(module, e.value) for e in node.elements]
        if values and all(v is not None and len(v) == 1 for v in values):
            return tuple(v[0] for v in values if v)
        return None
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Add | cst.Subtract):
        left, right = integers(module, node.left), integers(module, node.right)
        if left and right and len(left) == len(right) == 1:
            sign = 1 if isinstance(node.operator, cst.Add) else -1
            return (left[0] + sign * right[0],)
        return None
    dotted = dotted_name(node) if node is not None else None
    if dotted is not None and dotted.rsplit(".", 1)[-1] in _EX_CODES:
        return (_EX_CODES[dotted.rsplit(".", 1)[-1]],)
    if isinstance(node, cst.Name):
        bindings = module.bindings.get((module.tree, node.value), [])
        if len(bindings) == 1 and isinstance(bindings[0].value, cst.Integer):
            value = integer_value(bindings[0].value)
            return (value,) if value is not None else None
    return None


def integer(module: PythonModule, node: cst.BaseExpression | None) -> int | None:
    """The one integer an expression is, if it is one."""
    values = integers(module, node)
    return values[0] if values and len(values) == 1 else None


def class_names(node: cst.BaseExpression) -> list[str]:
    """The exception classes an expression lists (`(A, b.B)`), last name component only."""
    if isinstance(node, cst.Tuple | cst.List):
        return [c for e in node.elements for c in class_names(e.value)]
    dotted = dotted_name(node)
    return [dotted.rsplit(".", 1)[-1]] if dotted else ["?"]


def keyword_argument(call: cst.Call | None, name: str | None) -> cst.BaseExpression | None:
    """The value a call passes as keyword `name`."""
    if call is None or name is None:
        return None
    return next((a.value for a in call.args if a.keyword and a.keyword.value == name), None)


def positional_argument(call: cst.Call | None, index: int | None) -> cst.BaseExpression | None:
    """The value a call passes at position `index` (before any `*args`)."""
    values = [a.value for a in call.args if a.keyword is None and not a.star] if call else []
    return values[index] if index is not None and index < len(values) else None


def is_true(node: cst.BaseExpression | None) -> bool:
    """Whether an expression is the literal `True`."""
    return isinstance(node, cst.Name) and node.value == "True"
