"""Calls whose result the caller tests and raises on: `r = adapter.execute(step)`, then
`if r.status == Status.FAILED: raise StepError(r.error)`. A failure the callee turned
into a value (`except Exception as e: return StepResult(FAILED, error=str(e))`) is raised
again here, so a retry layer around this function retries it (`retry_reach`)."""

from __future__ import annotations

import ast
from collections.abc import Sequence

from auditor.python.model.ast_values import Function, statements, walk


def reraised_calls(
    function: Function, bindings: Sequence[ast.stmt], raising: Sequence[ast.If]
) -> set[int]:
    """The ids of the calls of `function` (its own body) whose result it keeps in a name
    and raises on a test of one of its fields (`r.status`, `r.error`, `r["ok"]`); a test
    of the name alone (`if r is None`, `if not r`) is not about a failure it reports.
    `bindings` and `raising`: its assignments and its `if`s that raise, as its facts'
    one walk of the body found them (with the bodies of the functions it defines)."""
    if not raising:
        return set()
    inner = {
        id(s)
        for d in function.body
        if isinstance(d, Function | ast.ClassDef)
        for s in statements(d, definitions=False)
    }
    tested = {
        field.value.id
        for node in raising
        if id(node) not in inner
        for field in walk(node.test)
        if isinstance(field, ast.Attribute | ast.Subscript) and isinstance(field.value, ast.Name)
    }
    found: set[int] = set()
    for node in bindings if tested else ():
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1) or id(node) in inner:
            continue
        target, value = node.targets[0], node.value
        value = value.value if isinstance(value, ast.Await) else value
        if isinstance(target, ast.Name) and target.id in tested and isinstance(value, ast.Call):
            found.add(id(value))
    return found
