"""Every definition of a name that reaches a use of it, not only the last one.

A runner often builds its command in the arms of an `if` (one for claude,
one for gptme), in a `try` and its `except`, or changes it on a later turn
of a loop; each of those assignments can be the value used. An assignment
*dominates* a use when every way to the use passes through it: it is a
statement of a block that holds the use (the body of a `with` counts as its
`with` statement's), before it. Walking back from the use, every assignment
reaches until one dominates; an assignment later in a loop around the use
reaches it too, on the next turn, unless the dominating one is in that loop.

A block is a list of statements of its owner (`body`, `orelse`, `finalbody`
of a statement, a handler or the module): `ast` has no node for it.

A loop's target (`for x in items`) is an assignment too, of an item, at the start of
each turn of the loop.

A *chain* is one reaching assignment and the changes (`+=`, `.append`,
`.extend`) after it that it reaches, in source order: the value it gives.
"""

from __future__ import annotations

import ast

from auditor.python.model.module import Binding, PythonModule

MAX_CHAINS = 8
DEFINITIONS = frozenset({"assign", "each", "with"})  # the kinds of binding that give a new value
_FIELDS = ("body", "orelse", "finalbody")  # the lists of statements a node may own


def _ancestors(module: PythonModule, node: ast.AST) -> list[ast.AST]:
    found: list[ast.AST] = []
    current = module.parent(node)
    while current is not None:
        found.append(current)
        current = module.parent(current)
    return found


def _statements(owner: ast.AST, statement: ast.AST) -> list[ast.stmt] | None:
    """The list of `owner`'s statements that holds `statement`."""
    for name in _FIELDS:
        block = getattr(owner, name, None)
        if isinstance(block, list) and any(s is statement for s in block):
            return block
    return None


def _block_of(module: PythonModule, node: ast.AST) -> list[ast.stmt] | None:
    """The block whose statements always run `node`: its own, or, for a `with` body,
    the block of the `with` (and so on outwards)."""
    child, current = node, module.parent(node)
    while current is not None:
        if isinstance(child, ast.stmt):
            block = _statements(current, child)
            if block is not None:
                if isinstance(current, ast.With | ast.AsyncWith):
                    child, current = current, module.parent(current)
                    continue
                return block
        child, current = current, module.parent(current)
    return None


def _dominates(module: PythonModule, binding: Binding, above_use: set[int]) -> bool:
    """Whether an assignment before a use runs on every way to it (`above_use`: the ids
    of the use and its ancestors; empty for the end of the module). A loop's target is
    bound on every way into its body, and on none past an empty loop."""
    if binding.kind == "each":
        return id(module.parent(binding.at)) in above_use
    block = _block_of(module, binding.at)
    if not above_use:
        return block is module.tree.body
    return block is not None and any(id(statement) in above_use for statement in block)


def _inside(module: PythonModule, node: ast.AST, container: ast.AST) -> bool:
    return any(a is container for a in _ancestors(module, node))


def reaching_assignments(
    module: PythonModule, bindings: list[Binding], use: ast.AST | None
) -> list[Binding]:
    """The assignments among `bindings` (one name's, in source order) that reach `use`
    (None: the end of the module), the last one before it first."""
    assigns = [b for b in bindings if b.kind in DEFINITIONS]
    if use is None:
        before, after = assigns, []
        above: list[ast.AST] = []
        above_ids: set[int] = set()
    else:
        before = [b for b in assigns if module.ends_before(b.at, use)]
        taken = {id(b.at) for b in before}
        after = [b for b in assigns if id(b.at) not in taken and b.at is not use]
        above = _ancestors(module, use)
        above_ids = {id(use), *(id(node) for node in above)}
    found: list[Binding] = []
    dominating: Binding | None = None
    for binding in reversed(before):
        found.append(binding)
        if _dominates(module, binding, above_ids):
            dominating = binding
            break
    for loop in (node for node in above if isinstance(node, ast.For | ast.AsyncFor | ast.While)):
        if dominating is not None and _inside(module, dominating.at, loop):
            break  # reassigned on every turn before the use: no earlier value comes round
        found += [b for b in after if b not in found and _inside(module, b.at, loop)]
    return found[:MAX_CHAINS]


def reaching_chains(
    module: PythonModule, bindings: list[Binding], use: ast.AST | None
) -> list[list[Binding]]:
    """Each reaching assignment with the changes after it that it reaches."""
    changes = [
        b
        for b in bindings
        if b.kind not in DEFINITIONS and (use is None or module.ends_before(b.at, use))
    ]
    chains: list[list[Binding]] = []
    for assign in reaching_assignments(module, bindings, use):
        chain = [assign]
        for change in changes:
            if module.ends_before(assign.at, change.at) and any(
                b is assign for b in reaching_assignments(module, bindings, change.at)
            ):
                chain.append(change)
        chains.append(chain)
    return chains
