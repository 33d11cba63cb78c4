"""A function's own body as the launch facts read it (`launch_facts`): its nodes and
each one's parent, the values its names are assigned before a line, where a node sits
(an `except` clause, a `return`), the parameter an argv is, and what the function does
with a launch's value (`status_use`); with the literal tests those facts need."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from auditor.python.model.ast_values import Function, children, dotted_name, int_value
from auditor.python.runner.loop_parts import bound_names
from auditor.python.runner.steps import checked_call

# Reading one of these on a process (or its result) reads, or keeps in reach, its status.
_STATUS_READS = frozenset({"returncode", "wait", "poll", "communicate", "check_returncode"})

_CONVERSIONS = frozenset({"list", "tuple", "builtins.list", "builtins.tuple"})

_MAX_DEPTH = 8

# Calls that make something else of a word: its letters sorted, reversed, counted.
_REORDERING = frozenset({"sorted", "reversed", "set", "list", "tuple", "len"})


# A function's assignments by the name they bind (the last first), and its unpackings
# (`code, out = run(…)`) by the name with its place among the targets.
_Assigned = dict[str, list[ast.Assign | ast.AnnAssign]]
_Unpacked = dict[str, list[tuple[ast.Assign, int]]]


class FunctionBody:
    """One function's own nodes (not those of functions or classes it defines), with
    each node's parent."""

    def __init__(self, function: Function) -> None:
        self.function = function
        self.parents: dict[ast.AST, ast.AST] = {}
        self._index: tuple[_Assigned, _Unpacked] | None = None  # see `_indexed`
        stack: list[ast.AST] = [function]
        while stack:
            node = stack.pop()
            for child in children(node):
                if node is not function and isinstance(node, Function | ast.ClassDef | ast.Lambda):
                    break
                self.parents[child] = node
                stack.append(child)

    def nodes(self) -> Iterator[ast.AST]:
        """The function's own nodes (not the function itself)."""
        return iter(self.parents)

    def enclosing(self, node: ast.AST) -> ast.AST | None:
        """The expression or statement that holds `node`, past `await`."""
        parent = self.parents.get(node)
        return self.parents.get(parent) if isinstance(parent, ast.Await) else parent

    def assignments(self, name: str, before: int) -> tuple[list[ast.expr], bool]:
        """Values assigned to `name` before a line, the last first, down to one that every
        later line runs after (a statement of the function's own body); and whether the
        value it came in with (a parameter's) may still be there."""
        values: list[ast.expr] = []
        for node in self._indexed()[0].get(name, ()):
            if node.lineno >= before:
                continue
            assert node.value is not None
            values.append(node.value)
            if self.parents.get(node) is self.function:
                return values, False
        return values, True

    def unpacked(self, name: str, before: int) -> list[tuple[ast.expr, int]]:
        """The values `name` is unpacked from before a line, with its place among the
        targets (`code, out = run(…)`: the call, 0); not past a starred name (`*_, n =`)."""
        return [
            (node.value, index)
            for node, index in self._indexed()[1].get(name, ())
            if node.lineno < before
        ]

    def _indexed(self) -> tuple[_Assigned, _Unpacked]:
        """Each name's assignments (the last first) and unpackings, found once."""
        if self._index is None:
            assigned: _Assigned = {}
            unpacked: _Unpacked = {}
            for node in self.parents:
                if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
                    for name in bound_names(node):
                        assigned.setdefault(name, []).append(node)
                if isinstance(node, ast.Assign):
                    for target in node.targets:
                        if isinstance(target, ast.Tuple | ast.List):
                            for index, item in enumerate(target.elts):
                                if isinstance(item, ast.Starred):
                                    break  # (past a starred name, the items shift)
                                if isinstance(item, ast.Name):
                                    unpacked.setdefault(item.id, []).append((node, index))
            for nodes in assigned.values():
                nodes.sort(key=lambda n: n.lineno, reverse=True)
            self._index = (assigned, unpacked)
        return self._index

    def names(self, name: str) -> list[ast.Name]:
        """The function's own uses of a name, stores too."""
        return [n for n in self.parents if isinstance(n, ast.Name) and n.id == name]


def parameter_positions(function: Function, method: bool) -> dict[str, int]:
    """A function's parameters -> their position among a call's positional arguments."""
    arguments = function.args
    positional = [*arguments.posonlyargs, *arguments.args]
    decorators = {dotted_name(d) for d in function.decorator_list}
    if method and "staticmethod" not in decorators and positional:
        positional = positional[1:]
    found = {a.arg: i for i, a in enumerate(positional)}
    found.update({a.arg: -1 for a in arguments.kwonlyargs})
    return found


def leaves(statements: list[ast.stmt]) -> bool:
    """Whether a clause ends by leaving the function (`return`, `raise`)."""
    return bool(statements) and isinstance(statements[-1], ast.Return | ast.Raise)


def in_handler(body: FunctionBody, node: ast.AST) -> bool:
    """Whether `node` is inside an `except` clause of the function."""
    return inside_kind(body, node, ast.ExceptHandler)


def within(body: FunctionBody, node: ast.AST, statements: list[ast.stmt]) -> bool:
    """Whether `node` is one of `statements` or inside one."""
    current: ast.AST | None = node
    while current is not None:
        if any(current is statement for statement in statements):
            return True
        current = body.parents.get(current)
    return False


def bool_literal(node: ast.expr | None) -> bool | None:
    """The value of a literal `True` or `False`."""
    if isinstance(node, ast.Constant) and isinstance(node.value, bool):
        return node.value
    return None


def is_test(node: ast.expr | None) -> bool:
    """Whether an expression is a test, `True` or `False` (a comparison, `not`, or
    `and`/`or` of tests)."""
    if isinstance(node, ast.Compare) or bool_literal(node) is not None:
        return True
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return True
    return isinstance(node, ast.BoolOp) and all(is_test(v) for v in node.values)


def int_constant(node: ast.expr) -> bool:
    """Whether a value is a constant integer (`0`, `-1` for a timeout)."""
    return int_value(node, {}) is not None


def is_none(node: ast.expr) -> bool:
    """Whether a value is the literal `None`."""
    return isinstance(node, ast.Constant) and node.value is None


def ends_by(node: ast.expr, end: tuple[int, int]) -> bool:
    """Whether an expression ends by `end` (a position after its start)."""
    return (node.end_lineno or 0, node.end_col_offset or 0) <= end


def traced_parameter(
    body: FunctionBody, node: ast.expr, parameters: dict[str, int], line: int, depth: int = 0
) -> str | None:
    """The parameter an argv expression is (through `list(…)`, `[*cmd]`, `*cmd` and
    local names that any way to the launch may carry it in)."""
    if depth > _MAX_DEPTH:
        return None
    if isinstance(node, ast.Starred):
        return traced_parameter(body, node.value, parameters, line, depth + 1)
    if isinstance(node, ast.List | ast.Tuple) and len(node.elts) == 1:
        return traced_parameter(body, node.elts[0], parameters, line, depth + 1)
    if isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords:
        if dotted_name(node.func) in _CONVERSIONS:
            return traced_parameter(body, node.args[0], parameters, line, depth + 1)
        return None
    if isinstance(node, ast.IfExp):  # `[scrub(a) for a in cmd] if strict else list(cmd)`
        found = traced_parameter(body, node.body, parameters, line, depth + 1)
        return found or traced_parameter(body, node.orelse, parameters, line, depth + 1)
    if isinstance(node, ast.ListComp) and _maps_each(node):  # `[str(a) for a in cmd]`
        return traced_parameter(body, node.generators[0].iter, parameters, line, depth + 1)
    if not isinstance(node, ast.Name):
        return None
    values, entry = body.assignments(node.id, line)
    if entry and node.id in parameters:
        return node.id
    for value in values:
        found = traced_parameter(body, value, parameters, value.lineno, depth + 1)
        if found is not None:
            return found
    return None


def _maps_each(comprehension: ast.ListComp) -> bool:
    """Whether a list comprehension keeps each item of what it walks, as it is or through a
    one-argument call (`[a for a in cmd]`, `[scrub(a) for a in cmd]`): the same words."""
    if len(comprehension.generators) != 1 or comprehension.generators[0].ifs:
        return False
    target, element = comprehension.generators[0].target, comprehension.elt
    if not isinstance(target, ast.Name):
        return False
    if isinstance(element, ast.Call) and len(element.args) == 1 and not element.keywords:
        if dotted_name(element.func) in _REORDERING:
            return False  # `[sorted(w) for w in cmd]`: no longer the words
        element = element.args[0]
    return isinstance(element, ast.Name) and element.id == target.id


def status_use(body: FunctionBody, call: ast.Call, name: str) -> str:
    """What a function does with a launch's status: "returned", "read" or "dropped"."""
    keywords = {k.arg: k.value for k in call.keywords if k.arg}
    check = keywords.get("check")
    if checked_call(name, call) or not (check is None or isinstance(check, ast.Constant)):
        return "read"  # checked, or `check=strict`: a failure may raise, as the caller says
    if isinstance(check, ast.Constant) and check.value is True:
        return "read"
    holder = body.enclosing(call)
    if isinstance(holder, ast.Expr):
        return "dropped"
    if isinstance(holder, ast.Return):
        return "returned"
    bound = None
    if isinstance(holder, ast.Assign) and len(holder.targets) == 1:
        target = holder.targets[0]
        bound = target.id if isinstance(target, ast.Name) else None
    elif isinstance(holder, ast.withitem) and isinstance(holder.optional_vars, ast.Name):
        bound = holder.optional_vars.id
    if bound is None:
        return "returned" if _in_return(body, call) else "read"
    uses = [n for n in body.names(bound) if n.lineno >= call.lineno]
    uses = [n for n in uses if not isinstance(n.ctx, ast.Store)]
    if any(_status_read(body, use) and not _in_return(body, use) for use in uses):
        return "read"  # it looks at the status itself (and may return it too)
    if any(_in_return(body, use) and _whole_or_status(body, use) for use in uses):
        return "returned"
    return "read" if uses else "dropped"


def _status_read(body: FunctionBody, use: ast.Name) -> bool:
    """Whether a use of a process (or result) reads its status (`r.returncode`, `rc =
    p.wait()`): not `p.communicate()`, which returns the output, nor a `p.wait()` whose
    value goes nowhere."""
    parent = body.parents.get(use)
    if not isinstance(parent, ast.Attribute) or parent.attr not in _STATUS_READS:
        return False
    if parent.attr == "communicate":
        return False
    call = body.parents.get(parent)
    if isinstance(call, ast.Call) and call.func is parent and parent.attr in ("wait", "poll"):
        holder = body.parents.get(call)
        if isinstance(holder, ast.Await):
            holder = body.parents.get(holder)
        return not isinstance(holder, ast.Expr)
    return True


def _whole_or_status(body: FunctionBody, use: ast.Name) -> bool:
    """Whether a use of a process (or result) is the value itself or its status, not
    some other attribute (`result.stdout`)."""
    parent = body.parents.get(use)
    return not isinstance(parent, ast.Attribute) or parent.attr in _STATUS_READS


def _in_return(body: FunctionBody, node: ast.AST) -> bool:
    return inside_kind(body, node, ast.Return)


def inside_kind(body: FunctionBody, node: ast.AST, kind: type[ast.AST]) -> bool:
    """Whether `node` is inside a node of type `kind` in the function."""
    current = body.parents.get(node)
    while current is not None and current is not body.function:
        if isinstance(current, kind):
            return True
        current = body.parents.get(current)
    return False
