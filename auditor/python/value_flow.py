"""Where a value goes in a module: the expressions it reaches, and the names that give it away.

A value (an SDK client construction, say) is followed:

- through a conditional expression, `and`/`or` and `await` (`c = a if x else b`);
- into a name (`client = …` at module level, under `global`, or a function's own),
  read wherever that binding is the one in scope (`auditor.python.scopes`);
- into a `self.` attribute, read on `self` in the same class;
- into a container: an item (`clients[key] = …`) or a dict literal's value
  (`{"openai": …}`), read back by subscripting the container or `.get(…)`;
- out of a function that returns it (a factory: `return clients[provider]`),
  to every call of that function in the module (`get_client(p)`, `self.make()`);
- into a function of the module as an argument, to its parameter's reads there.

Module-level names along the way (a global, a container, a factory) are the
ones other modules can import the value by. The other way, a decorator is
followed back to the one it stands for (`@llm_retry`, bound to `tenacity.retry(…)`).
"""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Iterator
from typing import NamedTuple

import libcst as cst

from auditor.python.module import PythonModule
from auditor.python.scopes import Scopes

# Expressions that evaluate to one of their operands: the value passes through them.
_PASS_THROUGH = (cst.IfExp, cst.BooleanOperation, cst.Await)
_Function = cst.FunctionDef | cst.Lambda


class Flow(NamedTuple):
    """What a value reaches in its module."""

    # expressions evaluating to it whose attribute is read, in source order
    uses: tuple[cst.BaseExpression, ...]
    exported: tuple[str, ...]  # module-level names (a global, a container, a factory) holding it


class _Item(NamedTuple):
    """An expression the traced value reaches: the value itself, or a container holding it."""

    node: cst.BaseExpression
    held: bool  # a container whose items are the value (`clients`, `{"a": value}`)


def attribute_call(module: PythonModule, node: cst.CSTNode) -> cst.Call | None:
    """The call an attribute chain on `node` ends in (`client.chat.completions.create(…)`)."""
    found: cst.Call | None = None
    current = node
    while True:
        parent = module.parent(current)
        if isinstance(parent, cst.Attribute) and parent.value is current:
            current = parent
        elif isinstance(parent, cst.Call) and parent.func is current and current is not node:
            found, current = parent, parent
        else:
            return found


class ValueFlow:
    """Follows values through one module's names, attributes, containers, returns and calls."""

    def __init__(self, module: PythonModule) -> None:
        self.module = module
        self._scope_cache: dict[cst.Name, cst.CSTNode] = {}
        self._locals: dict[_Function, frozenset[str]] = {}

    @functools.cached_property
    def _scopes(self) -> Scopes:
        return Scopes(self.module)

    @functools.cached_property
    def _names(self) -> dict[str, list[cst.Name]]:
        found: dict[str, list[cst.Name]] = defaultdict(list)
        for node in self.module.parents:
            if type(node) is cst.Name:
                found[node.value].append(node)
        return found

    @functools.cached_property
    def _order(self) -> dict[cst.CSTNode, int]:
        """Each node's place in the module's pre-order walk (source order)."""
        return {node: index for index, node in enumerate(self.module.parents)}

    @functools.cached_property
    def _self_attributes(self) -> dict[str, list[cst.Attribute]]:
        found: dict[str, list[cst.Attribute]] = defaultdict(list)
        for node in self.module.parents:
            if type(node) is cst.Attribute and _on_self(node):
                found[node.attr.value].append(node)
        return found

    def trace(self, value: cst.BaseExpression) -> Flow:
        """Where `value` goes: the expressions whose attributes are read on it, and the
        module-level names that hold it."""
        uses: list[cst.BaseExpression] = []
        exported: list[str] = []
        seen: set[_Item] = set()
        work = [_Item(value, False)]
        while work:
            item = work.pop()
            if item in seen:
                continue
            seen.add(item)
            node = self._climb(item.node)
            parent = self.module.parent(node)
            if isinstance(parent, cst.Attribute) and parent.value is node:
                if not item.held:
                    uses.append(node)
                elif parent.attr.value == "get":  # `clients.get(provider)`
                    call = self.module.parent(parent)
                    if isinstance(call, cst.Call) and call.func is parent:
                        work.append(_Item(call, False))
            elif isinstance(parent, cst.Subscript) and parent.value is node and item.held:
                work.append(_Item(parent, False))
            elif isinstance(parent, cst.DictElement) and parent.value is node and not item.held:
                literal = self.module.parent(parent)
                if isinstance(literal, cst.Dict):
                    work.append(_Item(literal, True))
            elif isinstance(parent, cst.Assign | cst.AnnAssign) and parent.value is node:
                targets = (
                    [t.target for t in parent.targets]
                    if isinstance(parent, cst.Assign)
                    else [parent.target]
                )
                for target in targets:
                    work.extend(self._stored(target, item.held, exported))
            elif isinstance(parent, cst.Return) and parent.value is node:
                function = self.module.scope_of(parent)
                if isinstance(function, cst.FunctionDef):
                    work.extend(_Item(call, item.held) for call in self._calls.get(function, ()))
                    top = _method_of(self.module, function) is None
                    if top and self._scope(function.name) is self.module.tree:
                        exported.append(function.name.value)
            elif isinstance(parent, cst.Arg) and parent.value is node and not parent.star:
                work.extend(_Item(name, item.held) for name in self._parameter_reads(parent))
        if len(uses) > 1:
            uses.sort(key=self._order.__getitem__)
        return Flow(tuple(uses), tuple(dict.fromkeys(exported)))

    def decorator(self, node: cst.BaseExpression) -> cst.BaseExpression:
        """The decorator `node` stands for: itself, or what a module name is bound to
        (`llm_retry = tenacity.retry(…)`), what a module function called there returns
        (`def llm_retry(): return tenacity.retry(…)`), or what a module function given the
        decorated function applies to it (`def llm_retry(fn): return tenacity.retry(…)(fn)`)."""
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Name):
            callee = self._callee(node)
            returned = _only_return(callee[0]) if callee is not None else None
            return returned if isinstance(returned, cst.Call) else node
        if not isinstance(node, cst.Name) or self._scope(node) is not self.module.tree:
            return node
        bound = self.module.bindings.get((self.module.tree, node.value), [])
        if len(bound) == 1 and bound[0].kind == "assign" and isinstance(bound[0].value, cst.Call):
            return bound[0].value
        for function in self._definitions(node.value):
            returned = _only_return(function)
            given = [
                p.name.value for p in (*function.params.posonly_params, *function.params.params)
            ]
            if (
                self._scope(function.name) is self.module.tree
                and isinstance(returned, cst.Call)
                and len(returned.args) == 1
                and isinstance(returned.args[0].value, cst.Name)
                and given[:1] == [returned.args[0].value.value]
            ):
                return returned.func
        return node

    def _climb(self, node: cst.BaseExpression) -> cst.BaseExpression:
        """The outermost expression `node`'s value passes through unchanged."""
        while True:
            parent = self.module.parent(node)
            if isinstance(parent, cst.IfExp) and parent.test is node:
                return node
            if not isinstance(parent, _PASS_THROUGH):
                return node
            node = parent

    def _stored(self, target: cst.BaseExpression, held: bool, exported: list[str]) -> list[_Item]:
        """Where a value assigned to `target` is read back."""
        if isinstance(target, cst.Subscript) and not held:
            return self._stored(target.value, True, exported)  # `clients[key] = value`
        if isinstance(target, cst.Name):
            scope = self._scope(target)
            if scope is self.module.tree:
                exported.append(target.value)
            return [_Item(name, held) for name in self._reads(target.value, scope)]
        if isinstance(target, cst.Attribute) and _on_self(target):
            owner = _class_of(self.module, target)
            return [
                _Item(attribute, held)
                for attribute in self._self_attributes.get(target.attr.value, ())
                if _class_of(self.module, attribute) is owner
            ]
        return []

    def _local_names(self, function: _Function) -> frozenset[str]:
        found = self._locals.get(function)
        if found is None:
            found = self._locals[function] = self._scopes.local_names(function)
        return found

    def _scope(self, name: cst.Name) -> cst.CSTNode:
        """The function (or the module) whose binding of a name is the one in scope there."""
        found = self._scope_cache.get(name)
        if found is None:
            found = self._scope_cache[name] = self._binding_scope(name)
        return found

    def _binding_scope(self, name: cst.Name) -> cst.CSTNode:
        child: cst.CSTNode = name
        current = self.module.parent(name)
        while current is not None:
            # A parameter's default and a decorator belong to the scope around the function;
            # the parameter's own name is bound inside it.
            if (
                isinstance(current, _Function)
                and (child is current.body or isinstance(child, cst.Parameters))
                and name.value in self._local_names(current)
            ):
                return current
            child, current = current, self.module.parent(current)
        return self.module.tree

    def _reads(self, name: str, scope: cst.CSTNode) -> Iterator[cst.Name]:
        return (node for node in self._names.get(name, ()) if self._scope(node) is scope)

    def _definitions(self, name: str) -> Iterator[cst.FunctionDef]:
        for node in self._names.get(name, ()):
            holder = self.module.parent(node)
            if isinstance(holder, cst.FunctionDef) and holder.name is node:
                yield holder

    @functools.cached_property
    def _calls(self) -> dict[cst.FunctionDef, list[cst.Call]]:
        """The calls of each function of the module: by name where its name is in scope, or
        on `self`/`cls` in its class for a method."""
        found: dict[cst.FunctionDef, list[cst.Call]] = defaultdict(list)
        for call in self.module.calls:
            callee = self._callee(call)
            if callee is not None:
                found[callee[0]].append(call)
        return found

    def _callee(self, call: cst.Call) -> tuple[cst.FunctionDef, bool] | None:
        """The function of this module a call runs, and whether it is a method on
        `self`/`cls` (its first parameter is bound already)."""
        func = call.func
        if isinstance(func, cst.Name):
            scope = self._scope(func)
            for function in self._definitions(func.value):
                if (
                    self._scope(function.name) is scope
                    and _method_of(self.module, function) is None
                ):
                    return function, False
        elif (
            isinstance(func, cst.Attribute)
            and isinstance(func.value, cst.Name)
            and func.value.value in ("self", "cls")
        ):
            owner = _class_of(self.module, call)
            for function in self._definitions(func.attr.value):
                if owner is not None and _method_of(self.module, function) is owner:
                    return function, True
        return None

    def _parameter_reads(self, argument: cst.Arg) -> Iterator[cst.Name]:
        """The reads, inside the called function, of the parameter an argument binds."""
        call = self.module.parent(argument)
        if not isinstance(call, cst.Call):
            return
        found = self._callee(call)
        if found is None:
            return
        function, bound = found
        parameters = function.params
        if argument.keyword is not None:
            named = (*parameters.params, *parameters.kwonly_params)
            param = next((p for p in named if p.name.value == argument.keyword.value), None)
        else:
            positional = [a for a in call.args if a.keyword is None]
            if any(a.star for a in positional[: positional.index(argument)]):
                return  # after `*args`: which parameter it binds is not known
            ordered = (*parameters.posonly_params, *parameters.params)[int(bound) :]
            index = positional.index(argument)
            param = ordered[index] if index < len(ordered) else None
        if param is not None:
            yield from self._reads(param.name.value, function)


def _only_return(function: cst.FunctionDef) -> cst.BaseExpression | None:
    """The value a function returns when its body is one `return` (after a docstring)."""
    block = function.body
    lines = [block] if isinstance(block, cst.SimpleStatementSuite) else list(block.body)
    smalls = [
        line.body
        for line in lines
        if isinstance(line, cst.SimpleStatementLine | cst.SimpleStatementSuite)
    ]
    if len(smalls) != len(lines):
        return None  # a compound statement
    first = smalls[0][0] if smalls and smalls[0] else None
    docstring = isinstance(first, cst.Expr) and isinstance(first.value, cst.SimpleString)
    rest = [small for line in smalls[1 if docstring else 0 :] for small in line]
    only = rest[0] if len(rest) == 1 else None
    return only.value if isinstance(only, cst.Return) else None


def _on_self(node: cst.Attribute) -> bool:
    return isinstance(node.value, cst.Name) and node.value.value == "self"


def _class_of(module: PythonModule, node: cst.CSTNode) -> cst.ClassDef | None:
    current = module.parent(node)
    while current is not None and not isinstance(current, cst.ClassDef):
        current = module.parent(current)
    return current


def _method_of(module: PythonModule, function: cst.FunctionDef) -> cst.ClassDef | None:
    """The class a function is a method of (defined in its body), if it is one."""
    block = module.parent(function)
    owner = module.parent(block) if block is not None else None
    return owner if isinstance(owner, cst.ClassDef) else None
