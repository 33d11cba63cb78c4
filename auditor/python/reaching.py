"""Every definition of a name that reaches a use of it, not only the last one.

A runner often builds its command in the arms of an `if` (one for claude,
one for gptme), in a `try` and its `except`, or changes it on a later turn
of a loop; each of those assignments can be the value used. An assignment
*dominates* a use when every way to the use passes through it: it is a
statement of a block that holds the use (the body of a `with` counts as its
`with` statement's), before it. Walking back from the use, every assignment
reaches until one dominates; an assignment later in a loop around the use
reaches it too, on the next turn, unless the dominating one is in that loop.

A *chain* is one reaching assignment and the changes (`+=`, `.append`,
`.extend`) after it that it reaches, in source order: the value it gives.
"""

from __future__ import annotations

import libcst as cst

from auditor.python.module import Binding, PythonModule, children

MAX_CHAINS = 8
# Nodes whose `body` holds the statements of a block.
_BLOCKS = (cst.IndentedBlock, cst.SimpleStatementSuite, cst.Module)
# Nodes whose children (`module.children`) are in source order.
_ORDERED = (
    *_BLOCKS,
    cst.SimpleStatementLine,
    cst.If,
    cst.Else,
    cst.For,
    cst.While,
    cst.With,
    cst.Try,
    cst.ExceptHandler,
    cst.Finally,
)


def _ancestors(module: PythonModule, node: cst.CSTNode) -> list[cst.CSTNode]:
    found: list[cst.CSTNode] = []
    current = module.parent(node)
    while current is not None:
        found.append(current)
        current = module.parent(current)
    return found


def _block_of(module: PythonModule, node: cst.CSTNode) -> cst.CSTNode | None:
    """The block whose statements always run `node`: its own, or, for a `with` body,
    the block of the `with` (and so on outwards)."""
    current = module.parent(node)
    while current is not None:
        if isinstance(current, _BLOCKS):
            owner = module.parent(current)
            if isinstance(owner, cst.With):
                current = module.parent(owner)
                continue
            return current
        current = module.parent(current)
    return None


def _dominates(module: PythonModule, binding: Binding, above_use: set[int]) -> bool:
    """Whether an assignment before a use runs on every way to it (`above_use`: the ids
    of the use's ancestors; empty for the end of the module)."""
    block = _block_of(module, binding.at)
    if not above_use:
        return isinstance(block, cst.Module)
    return block is not None and id(block) in above_use


def ends_before(module: PythonModule, first: cst.CSTNode, second: cst.CSTNode) -> bool:
    """Whether `first` ends before `second` starts: decided by where they sit under the
    statement that holds both (an `if` and its `else`, a `try` and its handlers: their
    fields are in source order), so no position is computed; anything else is left to
    `PythonModule.ends_before`."""
    above_first = [first, *_ancestors(module, first)]
    places = {id(node): index for index, node in enumerate(above_first)}
    child, node = second, module.parent(second)
    while node is not None and id(node) not in places:
        child, node = node, module.parent(node)
    if node is None or id(second) in places or node is first:
        return False  # one holds the other
    if not isinstance(node, _ORDERED):
        return module.ends_before(first, second)
    mine = above_first[places[id(node)] - 1]
    order = {id(item): index for index, item in enumerate(children(node))}
    if id(mine) in order and id(child) in order:
        return order[id(mine)] < order[id(child)]
    return module.ends_before(first, second)


def _inside(module: PythonModule, node: cst.CSTNode, container: cst.CSTNode) -> bool:
    return any(a is container for a in _ancestors(module, node))


def reaching_assignments(
    module: PythonModule, bindings: list[Binding], use: cst.CSTNode | None
) -> list[Binding]:
    """The assignments among `bindings` (one name's, in source order) that reach `use`
    (None: the end of the module), the last one before it first."""
    assigns = [b for b in bindings if b.kind == "assign"]
    if use is None:
        before, after = assigns, []
        above: list[cst.CSTNode] = []
    else:
        before = [b for b in assigns if ends_before(module, b.at, use)]
        after = [b for b in assigns if b not in before and b.at is not use]
        above = _ancestors(module, use)
    above_ids = {id(node) for node in above}
    found: list[Binding] = []
    dominating: Binding | None = None
    for binding in reversed(before):
        found.append(binding)
        if _dominates(module, binding, above_ids):
            dominating = binding
            break
    for loop in (node for node in above if isinstance(node, cst.For | cst.While)):
        if dominating is not None and _inside(module, dominating.at, loop):
            break  # reassigned on every turn before the use: no earlier value comes round
        found += [b for b in after if b not in found and _inside(module, b.at, loop)]
    return found[:MAX_CHAINS]


def reaching_chains(
    module: PythonModule, bindings: list[Binding], use: cst.CSTNode | None
) -> list[list[Binding]]:
    """Each reaching assignment with the changes after it that it reaches."""
    changes = [
        b
        for b in bindings
        if b.kind != "assign" and (use is None or ends_before(module, b.at, use))
    ]
    chains: list[list[Binding]] = []
    for assign in reaching_assignments(module, bindings, use):
        chain = [assign]
        for change in changes:
            if ends_before(module, assign.at, change.at) and any(
                b is assign for b in reaching_assignments(module, bindings, change.at)
            ):
                chain.append(change)
        chains.append(chain)
    return chains
