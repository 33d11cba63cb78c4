"""Names a module imports from the tree and uses under a retry decorator (stdlib `ast`).

Feeds the project index, so that a module building an SDK client learns
that another module sends its requests under `@backoff.on_exception(...)`.
"""

from __future__ import annotations

import ast

from auditor.project import RetriedUse
from auditor.python.model.ast_values import (
    dotted_name,
    import_bindings,
    is_generator,
    own_nodes,
    statements,
    walk,
)
from auditor.python.model.module import character_column
from auditor.python.runner.error_conditions import library_errors
from auditor.python.runner.error_tests import AstFacts
from auditor.python.runner.steps import StepCatalog


def _attempts(call: ast.Call, keyword: str | None) -> int | None:
    for item in call.keywords:
        if item.arg == keyword and isinstance(item.value, ast.Constant):
            value = item.value.value
            return value if type(value) is int else None
        if item.arg == "stop" and isinstance(item.value, ast.Call) and item.value.args:
            first = item.value.args[0]
            if isinstance(first, ast.Constant) and type(first.value) is int:
                return first.value
    return None


def record_import(
    node: ast.Import | ast.ImportFrom,
    own: str,
    names: dict[str, tuple[str, str]],
    modules: dict[str, str],
) -> None:
    """Add what an import binds: `names` (`from m import x`: x -> (m, x)) and `modules`
    (`import m as y`: y -> m), relative imports read from the module's own name `own`."""
    for local, base, name in import_bindings(node, own):
        if name:
            names[local] = (base, name)
        else:
            modules[local] = base


def imported_use(
    node: ast.AST, names: dict[str, tuple[str, str]], modules: dict[str, str]
) -> tuple[str, str] | None:
    """(module, name) when `node` reads a name imported from a module."""
    if isinstance(node, ast.Name) and node.id in names:
        return names[node.id]
    if (
        isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id in modules
    ):
        return modules[node.value.id], node.attr
    return None


def retried_imports(
    tree: ast.Module, text: str, own: str, steps: StepCatalog
) -> tuple[RetriedUse, ...]:
    """Every use of an imported name inside a function under a library retry decorator."""
    # One walk: names imported from modules (`from m import x`), module aliases
    # (`import m as y`), and the decorated functions.
    names: dict[str, tuple[str, str]] = {}
    modules: dict[str, str] = {}
    decorated: list[ast.FunctionDef | ast.AsyncFunctionDef] = []
    for node in statements(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            record_import(node, own, names, modules)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.decorator_list:
            decorated.append(node)
    found: list[RetriedUse] = []
    facts: AstFacts | None = None  # read once a retried function is found
    for function in decorated:
        for decorator in function.decorator_list:
            call = decorator if isinstance(decorator, ast.Call) else None
            dotted = dotted_name(call.func if call else decorator)
            if dotted is None:
                continue
            head, _, rest = dotted.partition(".")
            qualified = (
                f"{modules[head]}.{rest}"
                if head in modules and rest
                else ".".join(names[head])
                if head in names and not rest
                else dotted
            )
            library = steps.libraries.get(qualified)
            if library is None or library.form != "decorator" or is_generator(function):
                continue  # a generator's decorators retry nothing (`is_generator`)
            attempts = _attempts(call, library.attempts_keyword) if call else None
            label = f"`@{qualified.rsplit('.', 1)[-1]}`"
            own_names: frozenset[str] | None = None  # read once an imported name is used
            facts = facts or AstFacts(tree)
            errors = library_errors(library, call, facts, steps.blanket_exceptions)
            pairs = tuple((test.kind, test.value) for test in errors.tests)
            for node in walk(function):
                use = imported_use(node, names, modules)
                if use is None or not isinstance(node, ast.expr):
                    continue
                own_names = own_names if own_names is not None else local_names(function)
                if isinstance(node, ast.Name) and node.id in own_names:
                    continue  # the function's own `client`, not the imported one
                line, column = node.lineno, character_column(text, node.lineno, node.col_offset)
                found.append(RetriedUse(use[0], use[1], line, column, label, attempts, pairs))
    return tuple(found)


def local_names(function: ast.FunctionDef | ast.AsyncFunctionDef) -> frozenset[str]:
    """The names a function binds for itself (see `auditor.python.model.scopes`), from `ast`."""
    arguments = function.args
    found = {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)}
    found |= {a.arg for a in (arguments.vararg, arguments.kwarg) if a is not None}
    declared: set[str] = set()
    for node in own_nodes(function, comprehensions=False):
        if isinstance(node, ast.Global | ast.Nonlocal):
            declared.update(node.names)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            found.add(node.id)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            found.add(node.name)
        elif isinstance(node, ast.alias):
            found.add((node.asname or node.name).split(".", 1)[0])
    return frozenset(found - declared)
