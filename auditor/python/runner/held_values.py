"""Values kept in a local list and taken out again by a loop over it: a process appended
to a list (alone or in a tuple), then waited for in `for name, proc in procs:`.

Each place a value is put into a list of the function (`procs.append(proc)`,
`procs.append((name, proc))`, `procs = [Popen(…) for t in tasks]`) is followed to the
loops over that list, and to the name each loop gives the element (or the tuple item at
the same position): the reads of that name in the loop are where the value is used. A
list used any other way (returned, passed, indexed) gives no answer: the value may be
read anywhere.
"""

from __future__ import annotations

import ast

from auditor.python.model.module import PythonModule
from auditor.python.model.name_index import NameIndex

_ADDS = frozenset({"append", "add"})


def taken_out(module: PythonModule, index: NameIndex, node: ast.AST) -> list[ast.AST] | None:
    """The reads of the names the value of `node` is taken back out of a local list as,
    when `node` is put into one; None when it is not, or when the list goes elsewhere
    (or nowhere here: a list of the module, filled for code elsewhere)."""
    position: int | None = None
    holder, parent = node, module.parent(node)
    if isinstance(parent, ast.Tuple):
        position = next(i for i, element in enumerate(parent.elts) if element is node)
        holder, parent = parent, module.parent(parent)
    container = _list_name(module, holder, parent)
    if container is None:
        return None
    scope = module.scope_of(holder)
    found: list[ast.AST] = []
    loops = 0
    for use in index.reads.get((scope, container), []):
        user = module.parent(use)
        if isinstance(user, ast.Attribute) and user.attr in _ADDS:
            continue  # another value put in
        if isinstance(user, ast.Call) and isinstance(user.func, ast.Name) and user.func.id == "len":
            continue  # counted
        body: list[ast.AST]
        if isinstance(user, ast.For | ast.AsyncFor) and user.iter is use:
            target, body = user.target, list(user.body)
        elif isinstance(user, ast.comprehension) and user.iter is use:
            target, body = user.target, [module.parent(user) or user]
        else:
            return None
        name = _element(target, position)
        if name is None:
            return None
        loops += 1
        found += [
            read
            for statement in body
            for read in ast.walk(statement)
            if isinstance(read, ast.Name) and read.id == name and isinstance(read.ctx, ast.Load)
        ]
    return found if loops else None  # (a list no loop here takes it out of goes elsewhere)


def _list_name(module: PythonModule, holder: ast.AST, parent: ast.AST | None) -> str | None:
    """The local list `holder` is put into: `procs.append(holder)`, or the name a list
    display or comprehension holding it is assigned to."""
    if (
        isinstance(parent, ast.Call)
        and isinstance(parent.func, ast.Attribute)
        and parent.func.attr in _ADDS
        and len(parent.args) == 1
        and parent.args[0] is holder
        and isinstance(parent.func.value, ast.Name)
    ):
        return parent.func.value.id
    listed = isinstance(parent, ast.ListComp) and parent.elt is holder
    listed = listed or (isinstance(parent, ast.List) and any(e is holder for e in parent.elts))
    assignment = module.parent(parent) if listed and parent is not None else None
    if isinstance(assignment, ast.Assign) and len(assignment.targets) == 1:
        target = assignment.targets[0]
        return target.id if isinstance(target, ast.Name) else None
    return None


def _element(target: ast.expr, position: int | None) -> str | None:
    """The name a loop gives the element (`position` None) or its item at `position`."""
    if position is not None:
        if not isinstance(target, ast.Tuple | ast.List) or len(target.elts) <= position:
            return None
        target = target.elts[position]
    return target.id if isinstance(target, ast.Name) else None
