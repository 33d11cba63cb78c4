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
    `cwd`, its project: `status = read_status(project)`) that an `if` soon after tests.
    A file the run must produce judges it too: one its command names (`-o out`) read
    soon after, or a path tested for existence next (`if summary.exists(): …`)."""
    following = statements_after(module, statement)[:_LOOK]
    if _output_read(module, following, run):
        return True
    while following and _plain_assignment(following[0]):
        following = following[1:]  # what it was to write, named: `summary = DIR / name`
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
    if probe is None and any(_path_test(n) for n in ast.walk(check.test)):
        return True  # whether the file it was to write is there
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
    return {n for v in [*call.args, *(k.value for k in call.keywords)] for n in _given_names(v)}


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


# calls that read a file, or test that one is there: `open(path)`, `path.read_text()`,
# `os.path.exists(path)` (by the last part of the callee's name)
_PATH_READS = frozenset({"open", "read_text", "read_bytes", "load"})
_PATH_TESTS = frozenset({"exists", "is_file", "isfile", "is_dir", "isdir", "getsize"})
_STREAMS = ("stdout", "stderr")


def _path_test(node: ast.AST) -> bool:
    """Whether a node is a test that a path is there (`out.exists()`, `os.path.isfile(p)`)."""
    return isinstance(node, ast.Call) and _last_name(node.func) in _PATH_TESTS


def _last_name(func: ast.expr) -> str:
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def _plain_assignment(statement: ast.stmt) -> bool:
    """An assignment to one name of a value computed without a call (`path = DIR / name`,
    `name = f"round_{n}.md"`)."""
    return (
        isinstance(statement, ast.Assign)
        and all(isinstance(t, ast.Name) for t in statement.targets)
        and not any(isinstance(n, ast.Call) for n in ast.walk(statement.value))
    )


def _output_read(module: PythonModule, following: list[ast.stmt], run: ast.Call) -> bool:
    """Whether the statements after a run read (or test for) a file its command names: the
    output it was told to write (`["codex", "exec", "-o", out, …]`, then `open(out)`)."""
    words = _command_names(module, run)
    return bool(words) and reads_file(following, words)


def reads_file(statements: list[ast.stmt], names: set[str]) -> bool:
    """Whether the statements read (or test for) a file a path built from one of `names`
    names (`open(out)`, `Path(out).read_text()`, `out.exists()`)."""
    for statement in statements:
        for node in _own_nodes(statement):
            name = _last_name(node.func) if isinstance(node, ast.Call) else ""
            if name not in _PATH_READS and name not in _PATH_TESTS:
                continue
            assert isinstance(node, ast.Call)
            read = [*node.args, *(k.value for k in node.keywords)]
            if isinstance(node.func, ast.Attribute):  # `Path(out).read_text()`
                read.append(node.func.value)
            if any(_names(value) & names for value in read) and _reads(node):
                return True
    return False


def _reads(call: ast.Call) -> bool:
    """Whether an `open(…)` call opens for reading (every other path call reads or tests)."""
    if _last_name(call.func) != "open":
        return True
    mode = call.args[1] if len(call.args) > 1 else None
    mode = next((k.value for k in call.keywords if k.arg == "mode"), mode)
    return mode is None or (isinstance(mode, ast.Constant) and "r" in str(mode.value))


def _command_names(module: PythonModule, run: ast.Call) -> set[str]:
    """The variables among the words of a run's command (its first argument, or the list
    a local name holds: `cmd = ["codex", "-o", out]`), and those its output is sent to
    (`stdout=log.open("w")`)."""
    sent = {n for k in run.keywords if k.arg in _STREAMS for n in _given_names(k.value)}
    command = (
        run.args[0] if run.args else next((k.value for k in run.keywords if k.arg == "args"), None)
    )
    if command is None:
        return sent
    if isinstance(command, ast.Name):
        scope = module.scope_of(run)
        values = [b.value for b in module.bindings.get((scope, command.id), [])]
        return sent | {name for value in values for name in _given_names(value)}
    return sent | _given_names(command)


def _given_names(value: ast.expr) -> set[str]:
    """The variables in a value: not the functions it calls, nor the instance (`self.read(
    project)`: `project`; `log.open("w")`: `log`)."""
    callees = {id(n.func) for n in ast.walk(value) if isinstance(n, ast.Call)}
    return {
        n.id
        for n in ast.walk(value)
        if isinstance(n, ast.Name) and id(n) not in callees and n.id not in ("self", "cls")
    }


def _own_nodes(statement: ast.stmt) -> list[ast.AST]:
    """The nodes of a statement, not of the functions or classes it defines."""
    if isinstance(statement, Function | ast.ClassDef):
        return []
    return list(ast.walk(statement))
