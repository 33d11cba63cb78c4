"""The cross-module summary of one Python file, from the stdlib `ast` (fast, positions only).

This feeds the project index (auditor/project.py); the per-file analysis
still runs on libcst. Nothing here imports or runs the audited code.
"""

from __future__ import annotations

import ast

from auditor.project import PythonSummary


def _int_value(node: ast.expr, known: dict[str, int]) -> int | None:
    """The value of a constant integer expression: literals, names, + - * // **."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.Name):
        return known.get(node.id)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _int_value(node.operand, known)
        return -inner if inner is not None else None
    if isinstance(node, ast.BinOp):
        left, right = _int_value(node.left, known), _int_value(node.right, known)
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
        result = _int_value(value, constants)
        for target in targets:
            if isinstance(target, ast.Name) and result is not None:
                constants[target.id] = result
    return constants


def summarize_python(text: str, path: str) -> PythonSummary:
    """The summary of one module; a file that does not parse summarises to nothing."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return PythonSummary(path)
    return PythonSummary(path, constants=module_constants(tree))
