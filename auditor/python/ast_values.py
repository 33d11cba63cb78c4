"""Values read off a stdlib `ast` tree: dotted names and constant integers.

Shared by the cross-module summary, the retry-decorator analysis and the
error tests.
"""

from __future__ import annotations

import ast

Function = ast.FunctionDef | ast.AsyncFunctionDef


def int_value(node: ast.expr, known: dict[str, int]) -> int | None:
    """The value of a constant integer expression: literals, names, + - * // **."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.Name):
        return known.get(node.id)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = int_value(node.operand, known)
        return -inner if inner is not None else None
    if isinstance(node, ast.BinOp):
        left, right = int_value(node.left, known), int_value(node.right, known)
        if left is None or right is None:
            return None
        if isinstance(node.op, ast.Add):
            return left + right
        if isinstance(node.op, ast.Sub):
            return left - right
        if isinstance(node.op, ast.Mult):
            return left * right
        if isinstance(node.op, ast.FloorDiv) and right:
            return left // right
        if isinstance(node.op, ast.Pow) and 0 <= right <= 16 and abs(left) <= 1024:
            return int(left**right)
    return None


def module_constants(tree: ast.Module) -> dict[str, int]:
    """Module-level `NAME = <integer expression>` assignments, in order."""
    constants: dict[str, int] = {}
    for statement in tree.body:
        targets: list[ast.expr] = []
        value: ast.expr | None = None
        if isinstance(statement, ast.Assign):
            targets, value = statement.targets, statement.value
        elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
            targets, value = [statement.target], statement.value
        if value is None:
            continue
        result = int_value(value, constants)
        for target in targets:
            if isinstance(target, ast.Name) and result is not None:
                constants[target.id] = result
    return constants


def dotted_name(node: ast.expr) -> str | None:
    """`a.b.c` for a chain of names and attributes, else None."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        head = dotted_name(node.value)
        return f"{head}.{node.attr}" if head else None
    return None
