"""Whether the code checks a run's effect right after it and gives up without it: the run
is judged by what it was to do (RA203), as in a shell script.

`run(["claude"])`, `token = read_token()`, `if token: … else: return False`: the status is
dropped, but a missing effect ends the work as failed.
"""

from __future__ import annotations

import ast

from auditor.python.model.ast_values import block_of, dotted_name
from auditor.python.model.module import PythonModule


def effect_checked(module: PythonModule, statement: ast.stmt) -> bool:
    """Whether the statements right after a run check what it was to do and give up
    when it is missing (`run(["claude"])`, `token = read_token()`, `if token: …
    else: return False`): the run is judged by its effect, as in a shell script. The
    check is an `if` next (or after one assignment from a call it tests) that has a
    branch ending in `return False`/`None`, a `raise` or `sys.exit(…)`."""
    held = block_of(module.parent(statement), statement)
    following = held[0][held[1] + 1 : held[1] + 3] if held is not None else []
    probe: str | None = None
    if following and isinstance(following[0], ast.Assign):
        first = following[0]
        target = first.targets[0] if len(first.targets) == 1 else None
        if isinstance(target, ast.Name) and isinstance(first.value, ast.Call):
            probe, following = target.id, following[1:]
    check = following[0] if following and isinstance(following[0], ast.If) else None
    if check is None:
        return False
    names = {n.id for n in ast.walk(check.test) if isinstance(n, ast.Name)}
    calls = any(isinstance(n, ast.Call) for n in ast.walk(check.test))
    if not (probe in names if probe is not None else calls):
        return False
    return any(_gives_up(branch) for branch in (check.body, check.orelse) if branch)


def _gives_up(branch: list[ast.stmt]) -> bool:
    """Whether a branch ends the work as failed: `return False`/`None`, `raise`, or
    `sys.exit(…)` with a non-zero status."""
    last = branch[-1]
    if isinstance(last, ast.Raise):
        return True
    if isinstance(last, ast.Return):
        value = last.value
        return value is None or (
            isinstance(value, ast.Constant) and (value.value is False or value.value is None)
        )
    call = last.value if isinstance(last, ast.Expr) else None
    if isinstance(call, ast.Call) and dotted_name(call.func) in ("sys.exit", "exit"):
        code = call.args[0] if call.args else None
        return isinstance(code, ast.Constant) and code.value not in (0, None)
    return False
