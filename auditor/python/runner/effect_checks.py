"""Whether the code checks a run's effect right after it and gives up without it: the run
is judged by what it was to do (RA203), as in a shell script.

`run(["claude"])`, `token = read_token()`, `if token: … else: return False`: the status is
dropped, but a missing effect ends the work as failed.
"""

from __future__ import annotations

import ast

from auditor.python.model.ast_values import Function, block_of, dotted_name
from auditor.python.model.module import PythonModule

_LOOK = 6  # statements after a run looked at for a check of its effect


def effect_checked(module: PythonModule, statement: ast.stmt, run: ast.Call) -> bool:
    """Whether the statements that run right after a run's statement (past the end of
    the blocks it ends) check what it was to do: an `if` next (or after one assignment
    from a call it tests) that has a branch ending in `return False`/`None`, a `raise`
    or `sys.exit(…)`; or an assignment from a call given what the run was given (its
    `cwd`, its project: `status = read_status(project)`) that an `if` soon after tests."""
    following = statements_after(module, statement)[:_LOOK]
    probe: str | None = None
    read_back = False
    if following and isinstance(following[0], ast.Assign):
        first = following[0]
        target = first.targets[0] if len(first.targets) == 1 else None
        if isinstance(target, ast.Name) and isinstance(first.value, ast.Call):
            probe, following = target.id, following[1:]
            read_back = bool(_given(first.value) & _given(run))
    if read_back:  # the run's work read back: any test of it judges the run
        tests = [s.test for s in following if isinstance(s, ast.If | ast.While)]
        return any(probe in _names(test) for test in tests)
    check = following[0] if following and isinstance(following[0], ast.If) else None
    if check is None:
        return False
    calls = any(isinstance(n, ast.Call) for n in ast.walk(check.test))
    if not (probe in _names(check.test) if probe is not None else calls):
        return False
    # a check whose branch returns with no `else`: what follows it in the block is the
    # other branch (`if TAG in text: return True`, then `…; return False`)
    rest = check.orelse
    if not rest and _returns(check.body):
        held = block_of(module.parent(check), check)
        rest = held[0][held[1] + 1 :] if held is not None else []
    return any(_gives_up(branch) for branch in (check.body, rest) if branch)


def _returns(branch: list[ast.stmt]) -> bool:
    return bool(branch) and isinstance(branch[-1], ast.Return | ast.Raise)


def statements_after(module: PythonModule, node: ast.AST) -> list[ast.stmt]:
    """The statements that run after `node` in its function: those after it in its
    block, then after each block around it (not another branch of an `if`)."""
    found: list[ast.stmt] = []
    current, parent = node, module.parent(node)
    while parent is not None and not isinstance(current, Function):
        held = block_of(parent, current)
        if held is not None:
            found += held[0][held[1] + 1 :]
        current, parent = parent, module.parent(parent)
    return found


def _names(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def _given(call: ast.Call) -> set[str]:
    """The variables a call is given (in its arguments, not the names of functions)."""
    values = [*call.args, *(k.value for k in call.keywords)]
    callees = {id(n.func) for v in values for n in ast.walk(v) if isinstance(n, ast.Call)}
    return {
        n.id
        for v in values
        for n in ast.walk(v)
        if isinstance(n, ast.Name) and id(n) not in callees
    }


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
