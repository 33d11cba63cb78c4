"""Names a module imports from the tree and uses under a hand-written retry loop.

The sibling of `auditor.python.runner.retried_imports` (retry decorators) for loops:
`for attempt in range(3): try: client.chat.completions.create(…) … except
APIError: continue`, or `while True` with a backoff. Whether a loop re-runs a
request, and after which failures, is decided exactly as for a loop in the
client's own module (`auditor.python.runner.retries`, `auditor.python.runner.loop_flow`), on
the module's model. That model is built only for a module whose loop holds a
`try` around a request made through an imported name; other modules cost one
walk of their statements.
"""

from __future__ import annotations

import ast
import sys
from typing import TYPE_CHECKING

from auditor.profiles import AgentCatalog
from auditor.project import PythonSummary, RetriedUse
from auditor.python.model.ast_values import Function, statements, walk
from auditor.python.model.module import character_column
from auditor.python.model.parse import parse_module
from auditor.python.runner.loop_parts import Loop
from auditor.python.runner.retried_imports import imported_use, local_names, record_import
from auditor.python.runner.steps import StepCatalog

if TYPE_CHECKING:
    from auditor.python.model.module import PythonModule

_Request = tuple[ast.Call, ast.expr, tuple[str, str]]  # the call, the imported name, its origin


def with_loop_uses(
    summary: PythonSummary,
    text: str,
    module: str | None,
    catalog: AgentCatalog,
    steps: StepCatalog,
) -> PythonSummary:
    """`summary` with the imported names its module uses under hand-written retry loops."""
    if module is None or "except" not in text:
        return summary
    try:
        found = retried_loop_uses(parse_module(text), text, summary.path, module, catalog, steps)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return summary
    return summary._replace(retried_imports=summary.retried_imports + found) if found else summary


def retried_loop_uses(
    tree: ast.Module,
    text: str,
    path: str,
    own: str,
    catalog: AgentCatalog,
    steps: StepCatalog,
) -> tuple[RetriedUse, ...]:
    """Every request made through an imported name (`client.chat.completions.create(…)`,
    `get_client().messages.create(…)`) that a hand-written loop re-runs after it fails."""
    names: dict[str, tuple[str, str]] = {}
    modules: dict[str, str] = {}
    loops: list[Loop] = []
    for node in statements(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            record_import(node, own, names, modules)
        elif isinstance(node, Loop) and any(
            isinstance(inner, ast.Try) for inner in statements(node, definitions=False)
        ):
            loops.append(node)
    if not loops:
        return ()
    # The standard library's modules hold no client of the tree.
    names = {k: v for k, v in names.items() if v[0].split(".")[0] not in sys.stdlib_module_names}
    modules = {k: v for k, v in modules.items() if v.split(".")[0] not in sys.stdlib_module_names}
    requests = _requests(loops, names, modules) if names or modules else []
    if not requests:
        return ()
    return _retried(tree, text, path, catalog, steps, loops, requests)


def _requests(
    loops: list[Loop], names: dict[str, tuple[str, str]], modules: dict[str, str]
) -> list[_Request]:
    """The calls in the loops whose callee is an attribute chain on an imported name (or
    on what an imported factory returns), a resource and a method at least
    (`client.chat.completions.create`, `client.messages.create`; not `console.print`),
    outermost calls only: one per reading of the chain's root (`clients.client`:
    `client` of module `clients`, or `clients` itself)."""
    found: list[_Request] = []
    inner: set[int] = set()
    # A request that fails raises: the loop re-runs it only from inside a `try`. Each
    # `try` once, though nested loops hold it: whether each re-runs it is asked later.
    tries = {id(t): t for loop in loops for t in walk(loop) if isinstance(t, ast.Try)}
    for statement in (s for t in tries.values() for s in t.body):
        for node in walk(statement):
            if not isinstance(node, ast.Call) or id(node) in inner:
                continue
            current: ast.expr = node.func
            depth = 0  # attributes read so far: an SDK request reads a resource, then a method
            while isinstance(current, ast.Attribute | ast.Call):
                if isinstance(current, ast.Call):
                    if any(k.arg == "max_retries" for k in current.keywords):
                        break  # `client.with_options(max_retries=0)`: retries of its own
                    inner.add(id(current))
                    current = current.func
                    continue
                use = _imported(current, names, modules)
                if use is not None and depth >= 2:
                    found.append((node, current, use))
                current, depth = current.value, depth + 1
            use = _imported(current, names, modules)
            if use is not None and depth >= 2:
                found.append((node, current, use))
    return [request for request in found if id(request[0]) not in inner]


def _imported(
    node: ast.AST, names: dict[str, tuple[str, str]], modules: dict[str, str]
) -> tuple[str, str] | None:
    """(module, name) of an imported name, also one of a module imported with `from`
    (`from . import clients`: `clients.client`)."""
    found = imported_use(node, names, modules)
    if found is not None or not isinstance(node, ast.Attribute):
        return found
    if isinstance(node.value, ast.Name) and node.value.id in names:
        return ".".join(names[node.value.id]).lstrip("."), node.attr
    return None


def _retried(
    tree: ast.Module,
    text: str,
    path: str,
    catalog: AgentCatalog,
    steps: StepCatalog,
    loops: list[Loop],
    requests: list[_Request],
) -> tuple[RetriedUse, ...]:
    # The model and the retry catalogue cost a walk of the whole module: loaded here only.
    from auditor.python.model.module import NestedTooDeeply, index_module
    from auditor.python.runner.retries import retry_constructs
    from auditor.python.runner.retry_types import CallFailure
    from auditor.python.unit import PythonUnit
    from auditor.source import SourceFile

    try:
        module = index_module(SourceFile(path, text), tree)
    except NestedTooDeeply:
        return ()
    unit = PythonUnit(SourceFile(path, text), module, catalog=catalog, steps=steps)
    wanted = {id(loop) for loop in loops}
    constructs = [c for c in retry_constructs(unit, steps) if id(c.loop) in wanted]
    found: list[RetriedUse] = []
    for call, name, (origin, imported) in requests:
        for construct in constructs:
            retry = construct.retries(call, CallFailure())
            if retry is None or _shadowed(module, name):
                continue
            pairs = tuple((test.kind, test.value) for test in retry.errors.tests)
            line, column = name.lineno, character_column(text, name.lineno, name.col_offset)
            label, attempts = construct.label, construct.attempts
            found.append(
                RetriedUse(
                    origin, imported, line, column, label, attempts, pairs, construct.unlimited
                )
            )
    return tuple(found)


def _shadowed(module: PythonModule, name: ast.expr) -> bool:
    """Whether the function around a name binds it for itself (a parameter, a local)."""
    if not isinstance(name, ast.Name):
        return False
    current = module.parent(name)
    while current is not None and not isinstance(current, Function):
        current = module.parent(current)
    return current is not None and name.id in local_names(current)
