"""Which function of a module a call runs, and what it returns (`ast`).

A runner builds its argv in a helper (`def build(self): return ["claude",
"-p", self.prompt]`) and calls it as `self.build()`, `Command(p).build()`,
`cmd = Command(p); cmd.build()` or `build_command(p)`. The callee is a
function of the module, or a method of one of its top-level classes, found
up the class's bases in the module when the class does not define it.
"""

from __future__ import annotations

import ast

from auditor.python.model.ast_values import (
    Function,
    class_lineage,
    descendants,
    dotted_name,
    module_statements,
    statements,
    top_functions,
)
from auditor.python.model.module import PythonModule
from auditor.python.model.reaching import reaching_chains


def module_classes(module: PythonModule) -> dict[str, ast.ClassDef]:
    """The module's top-level classes by name (the last definition wins, as in Python)."""
    return {s.name: s for s in module_statements(module.tree) if isinstance(s, ast.ClassDef)}


def module_functions(module: PythonModule) -> dict[str, Function]:
    """The module's top-level functions by name (the last definition wins)."""
    return top_functions(module.tree)


def methods(cls: ast.ClassDef) -> dict[str, Function]:
    """The functions a class body defines, by name."""
    return {s.name: s for s in cls.body if isinstance(s, Function)}


def enclosing_class(module: PythonModule, node: ast.AST) -> ast.ClassDef | None:
    """The top-level class whose method holds `node` (not a function nested in one)."""
    function = module.scope_of(node)
    while isinstance(function, Function):
        owner = module.parent(function)
        if isinstance(owner, ast.ClassDef):
            return owner if module.parent(owner) is module.tree else None
        function = module.scope_of(function)
    return None


def lineage(module: PythonModule, cls: ast.ClassDef) -> list[ast.ClassDef]:
    """A class and its bases among the module's top-level classes, nearest first."""
    return class_lineage(module_classes(module), cls)


def method_of(module: PythonModule, cls: ast.ClassDef, name: str) -> Function | None:
    """The method `name` a class has: its own, or its nearest base's in the module."""
    for current in lineage(module, cls):
        found = methods(current).get(name)
        if found is not None:
            return found
    return None


def instance_class(module: PythonModule, node: ast.AST) -> ast.ClassDef | None:
    """The module's class whose instance an expression is: `Command(p)`, or a name whose
    last reaching assignment is one, or `self` in a method."""
    classes = module_classes(module)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        return classes.get(node.func.id)
    if not isinstance(node, ast.Name):
        return None
    if node.id == "self":
        return enclosing_class(module, node)
    bindings = module.bindings.get((module.scope_of(node), node.id), [])
    chains = reaching_chains(module, bindings, node) if bindings else []
    value = chains[0][0].value if chains and chains[0][0].kind == "assign" else None
    return instance_class(module, value) if isinstance(value, ast.Call) else None


def called_function(module: PythonModule, call: ast.Call) -> Function | None:
    """The function of this module a call runs: `f(…)`, `self.f(…)`, `Class(…).f()`,
    `obj.f()` with `obj = Class(…)`, `Class.f(…)`."""
    func = call.func
    if isinstance(func, ast.Name):
        bound = module.bindings.get((module.scope_of(call), func.id))
        return None if bound else module_functions(module).get(func.id)
    if not isinstance(func, ast.Attribute):
        return None
    receiver = func.value
    cls = instance_class(module, receiver)
    if cls is None and isinstance(receiver, ast.Name):
        if receiver.id == "cls":
            cls = enclosing_class(module, call)
        elif not module.bindings.get((module.scope_of(call), receiver.id)):
            cls = module_classes(module).get(receiver.id)
    return method_of(module, cls, func.attr) if cls is not None else None


def value_or_none(function: Function) -> bool:
    """Whether a function returns, from the body of a `try`, what a call returns (or a
    name holding it), and elsewhere only None or False, each clause of that `try`
    ending so or raising: `try: return await agent.ask(p)`, `except Exception: return
    None`. Its value says how the call went when the call raises on failure."""
    own = list(statements(function, definitions=False))
    returns = [n for n in own if isinstance(n, ast.Return)]
    for node in own:
        if not isinstance(node, ast.Try | ast.TryStar) or not node.handlers:
            continue
        held = [n for s in node.body for n in (s, *statements(s, definitions=False))]
        inside = {id(n) for n in held if isinstance(n, ast.Return)}
        valued = [n for n in returns if id(n) in inside and not _falsy(n.value)]
        if (
            valued
            and all(isinstance(n.value, ast.Call | ast.Await | ast.Name) for n in valued)
            and all(id(n) in inside or _falsy(n.value) for n in returns)
            and all(isinstance(h.body[-1], ast.Return | ast.Raise) for h in node.handlers)
        ):
            return True
    return False


def _falsy(node: ast.expr | None) -> bool:
    """Whether a returned value is None (written or not) or False."""
    return node is None or (
        isinstance(node, ast.Constant) and (node.value is None or node.value is False)
    )


# What a process handle's status is read through (`p.returncode`, `p.wait()`, …).
PROCESS_STATUS = frozenset({"returncode", "wait", "poll", "communicate"})


def instance_status(module: PythonModule, target: ast.expr) -> str | None:
    """What the methods of its class do with a process kept in `self.ATTR` (`target`,
    where it is stored): "read" (its status, `self.proc.poll()`, also through a local
    name, `p = self.proc; p.wait()`), "passed" (it goes somewhere that may read it: an
    argument, a return, a container), "unread"; None when `target` is not an attribute
    of `self` in a method of a top-level class."""
    if not (
        isinstance(target, ast.Attribute)
        and isinstance(target.value, ast.Name)
        and target.value.id == "self"
    ):
        return None
    cls = enclosing_class(module, target)
    if cls is None:
        return None
    uses = [
        node
        for node in descendants(cls)
        if isinstance(node, ast.Attribute)
        and node is not target
        and node.attr == target.attr
        and isinstance(node.value, ast.Name)
        and node.value.id == "self"
    ]
    found = {_use(module, node, alias=True) for node in uses}
    return "read" if "read" in found else "passed" if "passed" in found else "unread"


def local_status(module: PythonModule, assignment: ast.Assign) -> str:
    """What the rest of its scope does with a process bound to one name (`process =
    Popen(…)`): "read" (`process.wait()`), "passed" (`return process`, an argument, a
    container) or "kept"."""
    target = assignment.targets[0]
    name = target.id if isinstance(target, ast.Name) else None
    found = {
        _use(module, node, alias=False)
        for node in descendants(module.scope_of(assignment))
        if isinstance(node, ast.Name) and node.id == name and node is not target
    }
    return "read" if "read" in found else "passed" if "passed" in found else "kept"


def _use(module: PythonModule, node: ast.expr, *, alias: bool) -> str:
    """What one use of a process does with it: "read", "passed" or "kept"."""
    around = module.parent(node)
    if isinstance(around, ast.Attribute) and around.attr in PROCESS_STATUS:
        return "read"
    if isinstance(around, ast.Assign) and around.value is node:
        names = [t.id for t in around.targets if isinstance(t, ast.Name)]
        if alias and len(names) == len(around.targets) == 1:  # `process = self.process`
            return local_status(module, around)
        return "passed"
    if isinstance(around, ast.Call) and node is not around.func and shows(around):
        return "kept"  # `print(process)`, `log.info("%s", process)`: shown, not passed on
    stored = isinstance(around, ast.Assign | ast.AnnAssign) and around.value is not node
    return "passed" if isinstance(around, PASSING) and not stored else "kept"


def method_value_used(module: PythonModule, method: ast.Attribute) -> bool:
    """Whether the value of a call of `method` (`p.wait()`, `await p.wait()`) goes anywhere:
    one on its own, as a statement, waits and reads nothing; a method not called here
    (`done = p.wait`) counts as used."""
    call = module.parent(method)
    if not isinstance(call, ast.Call) or call.func is not method:
        return True
    parent = module.parent(call)
    if isinstance(parent, ast.Await):
        parent = module.parent(parent)
    return not isinstance(parent, ast.Expr)


# Calls that show text and decide nothing (a logger's methods by their name).
SHOWING_CALLS = frozenset({"print", "sys.stdout.write", "sys.stderr.write", "click.echo"})
LOGGING_METHODS = frozenset({"debug", "info", "warning", "error", "exception", "critical", "log"})


def shows(call: ast.Call) -> bool:
    """Whether a call only shows what it is given: `print`, a logger's method."""
    shower = dotted_name(call.func) or ""
    return shower in SHOWING_CALLS or shower.rsplit(".", 1)[-1] in LOGGING_METHODS


# Where a value goes on from: an argument, a return, a container, another name.
PASSING: tuple[type[ast.AST], ...] = (ast.Call, ast.keyword, ast.Return, ast.Yield)
PASSING += (ast.Tuple, ast.List, ast.Dict, ast.Assign, ast.AnnAssign, ast.withitem, ast.Starred)
