"""Where a value goes in a module: the expressions it reaches, and the names that give it away.

A value (an SDK client construction, say) is followed:

- through a conditional expression, `and`/`or` and `await` (`c = a if x else b`);
- into a name (`client = …` at module level, under `global`, or a function's own),
  read wherever that binding is the one in scope (`auditor.python.model.scopes`);
- into a `self.` attribute, read on `self` in the class, its bases or its subclasses;
- into a container: an item (`clients[key] = …`) or a dict literal's value
  (`{"openai": …}`), read back by subscripting the container or `.get(…)`;
- out of a function that returns it (a factory: `return clients[provider]`),
  to every call of that function in the module (`get_client(p)`, `self.make()`,
  also where `self.make()` runs a subclass's override: `auditor.python.model.class_family`),
  and out of a `@property` to the reads of its attribute on `self` (`self.client`);
- into a function of the module as an argument, to its parameter's reads there.

Module-level names along the way (a global, a container, a factory) are the
ones other modules can import the value by. The other way, a decorator is
followed back to the one it stands for (`@llm_retry`, bound to `tenacity.retry(…)`).
"""

from __future__ import annotations

import ast
import functools
from collections import defaultdict
from collections.abc import Callable, Iterator
from typing import NamedTuple, TypeGuard

from auditor.python.model.ast_values import Comprehension, Function
from auditor.python.model.class_attributes import class_attributes
from auditor.python.model.class_family import ClassFamily, class_of, method_owner, on_self
from auditor.python.model.module import PythonModule, of_current
from auditor.python.model.scopes import Scopes, comprehension_binds

# Expressions that evaluate to one of their operands: the value passes through them.
_PASS_THROUGH = (ast.IfExp, ast.BoolOp, ast.Await)
_Function = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
_COMPOUND = (
    ast.FunctionDef,
    ast.AsyncFunctionDef,
    ast.ClassDef,
    ast.If,
    ast.For,
    ast.AsyncFor,
    ast.While,
    ast.With,
    ast.AsyncWith,
    ast.Try,
    ast.TryStar,
    ast.Match,
)


class Flow(NamedTuple):
    """What a value reaches in its module."""

    # expressions evaluating to it whose attribute is read, in source order
    uses: tuple[ast.expr, ...]
    exported: tuple[str, ...]  # module-level names (a global, a container, a factory) holding it
    # calls of the value itself (`create(…)`, `self.completion_fn(…)`: a bound method kept
    # in a name or an attribute), in source order
    called: tuple[ast.Call, ...] = ()
    # calls it goes through, that evaluate to it as they are given it (`passes`:
    # `client.with_options(…)`, `create_agent(model=client)`), in source order
    passed: tuple[ast.Call, ...] = ()


class _Item(NamedTuple):
    """An expression the traced value reaches: the value itself, or a container holding it."""

    node: ast.expr
    held: bool  # a container whose items are the value (`clients`, `{"a": value}`)
    # the class of the instance `self` is where the value goes, when the value is what
    # that class's override returned to a call on `self` (`self._client =
    # self.setup_client()` in a base, for the subclass whose `setup_client` made it)
    instance: ast.ClassDef | None = None


def simple_string(module: PythonModule, node: ast.AST) -> bool:
    """Whether an expression is one plain `str` literal: not an f-string, and not
    literals joined by juxtaposition (`"a" "b"`, which `ast` makes one constant)."""
    if type(node) is not ast.Constant or not isinstance(node.value, str):
        return False
    pieces = module.string_pieces(node)
    return pieces is not None and len(pieces) == 1


def attribute_read(node: ast.AST | None, receiver: ast.AST) -> TypeGuard[ast.Call]:
    """Whether `node` reads an attribute of `receiver` by name: `getattr(receiver, name)`."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "getattr"
        and len(node.args) >= 2
        and node.args[0] is receiver
    )


def held_method(module: PythonModule, node: ast.AST) -> ast.Attribute | None:
    """The method of one of its resources an attribute chain on `node` names, where a
    statement keeps it in a name or an attribute instead of calling it
    (`self.completion_fn = self.client.chat.completions.create`): its calls are the
    method's. A method of the value itself (`client.copy`) is none: it sends nothing."""
    current, depth = node, 0
    while isinstance(parent := module.parent(current), ast.Attribute) and parent.value is current:
        current, depth = parent, depth + 1
    holder = module.parent(current)
    kept = isinstance(holder, ast.Assign | ast.AnnAssign) and holder.value is current
    return current if kept and depth >= 2 and isinstance(current, ast.Attribute) else None


def attribute_call(module: PythonModule, node: ast.AST) -> ast.Call | None:
    """The call an attribute chain on `node` ends in (`client.chat.completions.create(…)`)."""
    found: ast.Call | None = None
    current = node
    while True:
        parent = module.parent(current)
        if (isinstance(parent, ast.Attribute) and parent.value is current) or attribute_read(
            parent, current
        ):
            current = parent
        elif isinstance(parent, ast.Call) and parent.func is current and current is not node:
            found, current = parent, parent
        else:
            return found


# What a call's value is of what it is given, its receiver or an argument
# (`client.with_options(timeout=30)`, `instructor.from_openai(client)`); None: its own.
Passes = Callable[[ast.Call], ast.expr | None]


class ValueFlow:
    """Follows values through one module's names, attributes, containers, returns and calls."""

    def __init__(
        self, module: PythonModule, passes: Passes | None = None, *, pipes: bool = False
    ) -> None:
        """`passes`: what a call's value is of what it is given; `pipes`: whether `a | b`
        composes a value into a chain that uses it (LangChain's `prompt | model`)."""
        self.module = module
        self.passes = passes
        self.pipes = pipes
        # a name's node, or a function's (for the name it defines) -> the binding's scope
        self._scope_cache: dict[ast.AST, ast.AST] = {}
        self._locals: dict[_Function, frozenset[str]] = {}

    @functools.cached_property
    def _scopes(self) -> Scopes:
        return Scopes(self.module)

    @functools.cached_property
    def _names(self) -> dict[str, list[ast.Name]]:
        found: dict[str, list[ast.Name]] = defaultdict(list)
        for node in self.module.parents:
            if type(node) is ast.Name:
                found[node.id].append(node)
        return found

    @functools.cached_property
    def _functions(self) -> dict[str, list[Function]]:
        """The module's functions by name, in source order."""
        found: dict[str, list[Function]] = defaultdict(list)
        for node in self.module.parents:
            if isinstance(node, Function):
                found[node.name].append(node)
        return found

    @functools.cached_property
    def _order(self) -> dict[ast.AST, int]:
        """Each node's place in the module's pre-order walk (a tie-break for equal spans)."""
        return {node: index for index, node in enumerate(self.module.parents)}

    def _source_order(self, node: ast.AST) -> tuple[int, int, int]:
        # `ast`'s walk is not in source order everywhere (a decorator after its function's
        # body, an `if`-expression's test first): starts, outer nodes first.
        start, end = self.module.span(node)
        return start, -end, self._order[node]

    @functools.cached_property
    def _family(self) -> ClassFamily:
        return ClassFamily(self.module)

    @functools.cached_property
    def _self_attributes(self) -> dict[str, list[ast.Attribute]]:
        found: dict[str, list[ast.Attribute]] = defaultdict(list)
        for node in self.module.parents:
            if isinstance(node, ast.Attribute) and on_self(node):
                found[node.attr].append(node)
        return found

    def trace(self, value: ast.expr) -> Flow:
        """Where `value` goes: the expressions whose attributes are read on it, and the
        module-level names that hold it."""
        uses: list[ast.expr] = []
        exported: list[str] = []
        called: list[ast.Call] = []
        passed: list[ast.Call] = []
        seen: set[_Item] = set()
        # names whose reads are queued, by what the value is there
        stored: set[tuple[str, int, bool, ast.ClassDef | None]] = set()
        work = [_Item(value, False)]
        while work:
            item = work.pop()
            if item in seen:
                continue
            seen.add(item)
            node = self._climb(item.node)
            parent = self.module.parent(node)
            if isinstance(parent, ast.Attribute) and parent.value is node:
                call = self.module.parent(parent)
                if not item.held:
                    uses.append(node)
                    if self._passes(call, node):  # `client.with_options(…)`: the value
                        passed.append(call)
                        work.append(_Item(call, False))
                elif parent.attr == "get" and isinstance(call, ast.Call) and call.func is parent:
                    work.append(_Item(call, False))  # `clients.get(provider)`
            elif isinstance(parent, ast.Call) and parent.func is node and not item.held:
                called.append(parent)
            elif isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.BitOr):
                if self.pipes and not item.held:  # `prompt | model`: a chain that uses it
                    work.append(_Item(parent, False))
            elif isinstance(parent, ast.Subscript) and parent.value is node and item.held:
                work.append(_Item(parent, False))
            elif isinstance(parent, ast.Dict) and not item.held:
                if any(
                    v is node and k is not None
                    for k, v in zip(parent.keys, parent.values, strict=True)
                ):
                    work.append(_Item(parent, True))
            elif isinstance(parent, ast.DictComp | ast.ListComp) and not item.held:
                # `{key: AsyncAnthropic(api_key=key) for key in keys}`: each item is one
                if node is (parent.value if isinstance(parent, ast.DictComp) else parent.elt):
                    work.append(_Item(parent, True))
            elif isinstance(parent, ast.Assign | ast.AnnAssign) and parent.value is node:
                targets = parent.targets if isinstance(parent, ast.Assign) else [parent.target]
                for target in targets:
                    if isinstance(target, ast.Name):  # its reads are the same every time
                        key = (target.id, id(self._scope(target)), item.held, item.instance)
                        if key in stored:
                            continue
                        stored.add(key)
                    work.extend(self._stored(target, item, exported))
            elif isinstance(parent, ast.Return) and parent.value is node:
                function = self.module.scope_of(parent)
                if isinstance(function, Function):
                    # (a value already of an override's class stays of it: a property of
                    # the base that returns it is the same instance's)
                    owner = method_owner(self.module, function)
                    instance = item.instance or owner
                    family = self._family
                    work.extend(
                        _Item(call, item.held, instance if on else None)
                        for call in self.calls_of(function)
                        if not (on := _on_self(call))
                        or instance is None
                        or family.share_instances(instance, class_of(self.module, call))
                    )
                    top = owner is None
                    if top and self._definition_scope(function) is self.module.tree:
                        exported.append(function.name)
            elif isinstance(parent, ast.Call) and any(a is node for a in parent.args):
                if self._passes(parent, node):
                    passed.append(parent)
                    work.append(_Item(parent, item.held))  # `instructor.from_openai(client)`
                reads = self._parameter_reads(parent, node, None)
                work.extend(_Item(name, item.held) for name in reads)
            elif isinstance(parent, ast.keyword) and parent.arg is not None:
                call = self.module.parent(parent)
                if self._passes(call, node):
                    passed.append(call)
                    work.append(_Item(call, item.held))  # `create_agent(model=client)`
                if isinstance(call, ast.Call):
                    reads = self._parameter_reads(call, node, parent.arg)
                    work.extend(_Item(name, item.held) for name in reads)
        if len(uses) > 1:
            uses.sort(key=self._source_order)
        called.sort(key=self._source_order)
        passed.sort(key=self._source_order)
        return Flow(
            tuple(uses), tuple(dict.fromkeys(exported)), tuple(called), tuple(dict.fromkeys(passed))
        )

    def _passes(self, call: ast.AST | None, value: ast.expr) -> TypeGuard[ast.Call]:
        """Whether `call` evaluates to `value`, which it is given (`self.passes`)."""
        return self.passes is not None and isinstance(call, ast.Call) and self.passes(call) is value

    def decorator(self, node: ast.expr) -> ast.expr:
        """The decorator `node` stands for: itself, or what a name is bound to once in its
        scope (`llm_retry = tenacity.retry(…)`, at the module's top or in the function that
        defines the decorated one), what a module function called there returns
        (`def llm_retry(): return tenacity.retry(…)`), or what a module function given the
        decorated function applies to it (`def llm_retry(fn): return tenacity.retry(…)(fn)`),
        or what the class stores once in the attribute of `self` it names
        (`self.retrying = tenacity.retry(…)` in `__init__`, `@self.retrying` on a nested
        function of a method)."""
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            callee = self._callees(node)
            returned = _only_return(self.module, callee[0][0]) if callee else None
            return returned if isinstance(returned, ast.Call) else node
        if isinstance(node, ast.Attribute) and on_self(node):
            cls = class_of(self.module, node)
            attributes = class_attributes(self.module.tree)
            stored = attributes.assigned(node.attr, attributes.lineage(cls.name)) if cls else []
            held = stored[0].value if len(stored) == 1 else None
            return held if isinstance(held, ast.Call) else node
        if not isinstance(node, ast.Name):
            return node
        scope = self._scope(node)
        bound = self.module.assigned_once(scope, node.id)
        if isinstance(bound, ast.Call):
            return bound  # (in a function too: `retrying = retry(…)`, `@retrying`)
        if scope is not self.module.tree:
            return node
        for function in self._functions.get(node.id, ()):
            returned = _only_return(self.module, function)
            given = [p.arg for p in (*function.args.posonlyargs, *function.args.args)]
            argument = _only_argument(returned) if isinstance(returned, ast.Call) else None
            if (
                self._definition_scope(function) is self.module.tree
                and isinstance(returned, ast.Call)
                and isinstance(argument, ast.Name)
                and given[:1] == [argument.id]
            ):
                return returned.func
        return node

    def _climb(self, node: ast.expr) -> ast.expr:
        """The outermost expression `node`'s value passes through unchanged."""
        while True:
            parent = self.module.parent(node)
            if isinstance(parent, ast.IfExp) and parent.test is node:
                return node
            if not isinstance(parent, _PASS_THROUGH):
                return node
            node = parent

    def _stored(self, target: ast.expr, item: _Item, exported: list[str]) -> list[_Item]:
        """Where a value (`item`) assigned to `target` is read back: an attribute of `self`
        in the methods of the classes whose instances may be the one it is stored on."""
        held, instance = item.held, item.instance
        if isinstance(target, ast.Subscript) and not held:
            return self._stored(target.value, item._replace(held=True), exported)  # `d[k] = v`
        if isinstance(target, ast.Name):
            scope = self._scope(target)
            if scope is self.module.tree:
                exported.append(target.id)
                instance = None  # (read in any class's methods)
            return [_Item(name, held, instance) for name in self._reads(target.id, scope)]
        if isinstance(target, ast.Attribute) and on_self(target):
            owner, family = class_of(self.module, target), self._family
            return [
                _Item(attribute, held, instance)
                for attribute in self._self_attributes.get(target.attr, ())
                if family.share_instances(owner, reader := class_of(self.module, attribute))
                and (instance is None or family.share_instances(instance, reader))
            ]
        return []

    def _local_names(self, function: _Function) -> frozenset[str]:
        found = self._locals.get(function)
        if found is None:
            found = self._locals[function] = self._scopes.local_names(function)
        return found

    def _scope(self, name: ast.Name) -> ast.AST:
        """The function (or the module) whose binding of a name is the one in scope there."""
        found = self._scope_cache.get(name)
        if found is None:
            found = self._scope_cache[name] = self._binding_scope(name.id, name)
        return found

    def _definition_scope(self, function: Function) -> ast.AST:
        """The function (or the module) whose binding of a function's name its `def` is."""
        found = self._scope_cache.get(function)
        if found is None:
            found = self._scope_cache[function] = self._binding_scope(function.name, function)
        return found

    def _binding_scope(self, name: str, node: ast.AST) -> ast.AST:
        child: ast.AST = node
        current = self.module.parent(node)
        part = child  # the part of a comprehension `child` is: its first `in`, or not
        while current is not None:
            if isinstance(current, ast.comprehension) and child is current.iter:
                part = current.iter
            elif isinstance(current, Comprehension):
                if comprehension_binds(current, name, part):
                    return current
                part = current
            # A parameter's default and a decorator belong to the scope around the function;
            # the parameter's own name is bound inside it.
            if (
                isinstance(current, _Function)
                and name in self._local_names(current)
                and _inside(current, child)
            ):
                return current
            child, current = current, self.module.parent(current)
        return self.module.tree

    def _reads(self, name: str, scope: ast.AST) -> Iterator[ast.Name]:
        return (node for node in self._names.get(name, ()) if self._scope(node) is scope)

    @functools.cached_property
    def _calls(self) -> dict[Function, list[ast.Call]]:
        """The calls of each function of the module: by name where its name is in scope, or
        on `self`/`cls` for a method of the class, its bases or subclasses."""
        found: dict[Function, list[ast.Call]] = defaultdict(list)
        for call in self.module.calls:
            for function, _ in self._callees(call):
                found[function].append(call)
        return found

    def calls_of(self, function: Function) -> list[ast.expr]:
        """The expressions of the module that run `function` and give its return value:
        its calls, and for a `@property` the reads of its attribute on `self`."""
        reads = self._self_attributes.get(function.name, [])
        return [*self._calls.get(function, ()), *self._family.property_reads(function, reads)]

    def _callees(self, call: ast.Call) -> list[tuple[Function, bool]]:
        """The functions of this module a call may run, and whether each is a method on
        `self`/`cls` (its first parameter is bound already): a method runs as the class
        of the instance resolves it (a subclass's override)."""
        func = call.func
        if isinstance(func, ast.Name):
            scope = self._scope(func)
            for function in self._functions.get(func.id, ()):
                if (
                    self._definition_scope(function) is scope
                    and method_owner(self.module, function) is None
                ):
                    return [(function, False)]
        elif (
            isinstance(func, ast.Attribute)
            and isinstance(func.value, ast.Name)
            and func.value.id in ("self", "cls")
        ):
            resolved = self._family.self_methods(class_of(self.module, call), func.attr)
            # `self.client()` with a property `client` calls what the property returns
            return [(f, True) for f in resolved if not self._family.is_property(f)]
        return []

    def parameter_reads(
        self, call: ast.Call, argument: ast.expr, keyword: str | None
    ) -> list[ast.Name] | None:
        """The reads of the parameter an argument binds in each function of the module the
        call may run (an override too); None when it runs none of them."""
        if not self._callees(call):
            return None
        return list(self._parameter_reads(call, argument, keyword))

    def _parameter_reads(
        self, call: ast.Call, argument: ast.expr, keyword: str | None
    ) -> Iterator[ast.Name]:
        """The reads, inside the called function, of the parameter an argument binds (given
        by position, or as `keyword`)."""
        for function, bound in self._callees(call):
            yield from self._bound_reads(function, bound, call, argument, keyword)

    def _bound_reads(
        self,
        function: Function,
        bound: bool,
        call: ast.Call,
        argument: ast.expr,
        keyword: str | None,
    ) -> Iterator[ast.Name]:
        parameters = function.args
        if keyword is not None:
            named = (*parameters.args, *parameters.kwonlyargs)
            param = next((p for p in named if p.arg == keyword), None)
        else:
            index = next(i for i, a in enumerate(call.args) if a is argument)
            if any(isinstance(a, ast.Starred) for a in call.args[:index]):
                return  # after `*args`: which parameter it binds is not known
            ordered = (*parameters.posonlyargs, *parameters.args)[int(bound) :]
            param = ordered[index] if index < len(ordered) else None
        if param is not None:
            yield from self._reads(param.arg, function)


def _on_self(node: ast.expr) -> bool:
    """Whether an expression calls or reads a method on `self`/`cls` (`self.make()`, a
    property's `self.client`)."""
    func = node.func if isinstance(node, ast.Call) else node
    return isinstance(func, ast.Attribute) and on_self(func)


def _inside(function: _Function, child: ast.AST) -> bool:
    """Whether `child` (of `function`) is its body or its parameters, not a decorator, a
    default's scope or its return annotation."""
    if isinstance(child, ast.arguments):
        return True
    if isinstance(function, ast.Lambda):
        return child is function.body
    return isinstance(child, ast.stmt)


def _only_argument(call: ast.Call) -> ast.expr | None:
    """The value of a call's one argument (positional, keyword, `*x` or `**x`)."""
    if len(call.args) + len(call.keywords) != 1:
        return None
    if call.args:
        only = call.args[0]
        return only.value if isinstance(only, ast.Starred) else only
    return call.keywords[0].value


def _only_return(module: PythonModule, function: Function) -> ast.expr | None:
    """The value a function returns when its body is one `return` (after a docstring)."""
    body = function.body
    if any(isinstance(statement, _COMPOUND) for statement in body):
        return None  # a compound statement
    first = body[0] if body else None
    rest = body
    if isinstance(first, ast.Expr) and simple_string(module, first.value):
        # the docstring's line: what follows it there (`"doc"; return x`) goes with it
        line = first.end_lineno or first.lineno
        rest = [statement for statement in body[1:] if statement.lineno > line]
    only = rest[0] if len(rest) == 1 else None
    return only.value if isinstance(only, ast.Return) else None


def module_flow(module: PythonModule) -> ValueFlow:
    """The module's `ValueFlow` (with no passes), built once for the module being
    audited: its retry constructs and the uses of its runs' output both ask."""
    return of_current(module, ValueFlow)
