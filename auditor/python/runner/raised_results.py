"""Calls whose result the caller tests and raises on: `r = adapter.execute(step)`, then
`if r.status == Status.FAILED: raise StepError(r.error)`. A failure the callee turned
into a value (`except Exception as e: return StepResult(FAILED, error=str(e))`) is raised
again here, so a retry layer around this function retries it (`retry_reach`)."""

from __future__ import annotations

import ast

from auditor.python.model.ast_values import Function, statements, walk


def reraised_calls(function: Function) -> set[int]:
    """The ids of the calls of `function` (its own body) whose result it keeps in a name
    and raises on a test of one of its fields (`r.status`, `r.error`, `r["ok"]`); a test
    of the name alone (`if r is None`, `if not r`) is not about a failure it reports."""
    own = [s for s in function.body if not isinstance(s, Function | ast.ClassDef)]
    nodes = [n for s in own for n in (s, *statements(s, definitions=False))]
    tested = {
        field.value.id
        for node in nodes
        if isinstance(node, ast.If) and any(isinstance(s, ast.Raise) for s in node.body)
        for field in walk(node.test)
        if isinstance(field, ast.Attribute | ast.Subscript) and isinstance(field.value, ast.Name)
    }
    found: set[int] = set()
    for node in nodes if tested else ():
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1):
            continue
        target, value = node.targets[0], node.value
        value = value.value if isinstance(value, ast.Await) else value
        if isinstance(target, ast.Name) and target.id in tested and isinstance(value, ast.Call):
            found.add(id(value))
    return found
