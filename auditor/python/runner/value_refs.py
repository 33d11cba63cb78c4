"""What a function's expressions hold, as references the project call graph follows
(`auditor.python.runner.graph_facts` lists them): its parameters and their defaults,
every value any assignment gives a local name, and what a called expression names."""

from __future__ import annotations

import ast
import functools
import sys
from collections.abc import Callable
from typing import Any, Protocol

from auditor.python.model.ast_values import (
    Function,
    annotation_names,
    assignment,
    dotted_name,
    getattr_names,
    getattr_read,
    is_static,
    module_statements,
    own_nodes,
    parameter_defaults,
    statements,
    typed_dicts,
)
from auditor.python.model.call_graph import ARGV_SEPARATOR
from auditor.python.model.class_family import on_self
from auditor.python.model.dict_items import keyed_values
from auditor.python.model.imports import Imports
from auditor.python.model.mapping_keys import literal_items
from auditor.python.model.retry_reach import RETRYING
from auditor.python.model.value_calls import (
    AWAITED_ARGUMENT,
    CALLABLE_WRAPPERS,
    CASTS,
    lookup_default,
    passes_through,
)
from auditor.unit import OPAQUE_WORD

Ref = tuple[Any, ...]
_MAX_REFS = 8  # values kept per name: more, and the name is not followed
_MAX_WORD = 4096  # characters of a leading argv word kept in a summary (a `sh -c` script)


class RefsOwner(Protocol):
    """What a function's references ask of its module's facts."""

    imports: Imports
    tree: ast.Module

    def text_refs(self, value: str) -> list[Ref]:
        """A string constant's reference, if it names an agent's program or command."""
        ...

    def client(self, call: ast.Call, function: Any) -> Ref | None:
        """A client reference when `call` builds an SDK client."""
        ...

    def same_client(self, call: ast.Call) -> ast.expr | None:
        """The client a call returns as it is given it (`client.with_options(timeout=…)`,
        `instructor.from_openai(client)`), or None."""
        ...

    def retry_object(self, call: ast.Call) -> int | None:
        """The layer of the library's retrying object a call makes (`Retrying(stop=…)`,
        iterated where it is passed), or None."""
        ...

    def agent_object(self, call: ast.Call) -> Ref | None:
        """The reference of the agent object a call makes (`create_react_agent(…)`), or
        None."""
        ...


def position(node: ast.AST) -> str:
    """Where a node starts, as the facts write it: "line:column" (interned: the same
    places recur in every module, and the index holds them all)."""
    return sys.intern(f"{getattr(node, 'lineno', 0)}:{getattr(node, 'col_offset', 0)}")


def literal_int(node: ast.expr) -> int | None:
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value if abs(node.value) < 10**6 else None
    return None


def _default(node: ast.expr) -> Any:
    if isinstance(node, ast.Tuple | ast.List):
        return [d.rsplit(".", 1)[-1] if (d := dotted_name(e)) else "?" for e in node.elts]
    dotted = dotted_name(node)
    if dotted is not None and dotted[:1].isupper():
        return [dotted.rsplit(".", 1)[-1]]
    return literal_int(node)


def _leading_words(
    elements: list[ast.expr], constant: Callable[[str], str | None] | None = None
) -> list[str]:
    """The literal strings an argv list starts with (`["claude", "-p", prompt]`), a
    module's string constant among them (`["codex", "--sandbox", SANDBOX, prompt]`). A
    word longer than `_MAX_WORD` ends them: a part of it would be another word (a script
    given to `sh -c` cut in the middle of a command)."""
    words: list[str] = []
    for element in elements[:8]:
        value = None
        if isinstance(element, ast.Constant) and isinstance(element.value, str):
            value = element.value
        elif isinstance(element, ast.Name) and constant is not None:
            value = constant(element.id)
        if value is None or len(value) > _MAX_WORD:
            break
        words.append(value)
    return words


class ModuleStrings:
    """A module's string constants: names bound once in its whole text (any binding
    form counts), to a string, and declared `global` by no function. The whole text is
    walked for other bindings only when a candidate's value is first asked for."""

    def __init__(self, tree: ast.Module) -> None:
        self.tree = tree
        self.candidates: dict[str, str] = {}
        for statement in module_statements(tree):
            targets, value = assignment(statement)
            if (
                len(targets) == 1
                and isinstance(target := targets[0], ast.Name)
                and isinstance(value, ast.Constant)
                and isinstance(value.value, str)
            ):
                # a second assignment at the top is a second binding: the walk counts it
                self.candidates[target.id] = value.value

    @functools.cached_property
    def _constant_names(self) -> frozenset[str]:
        stores: dict[str, int] = {}
        declared: set[str] = set()
        for node in ast.walk(self.tree):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                stores[node.id] = stores.get(node.id, 0) + 1
            elif isinstance(node, ast.Global):
                declared.update(node.names)
        return frozenset(
            name for name in self.candidates if stores.get(name) == 1 and name not in declared
        )

    def get(self, name: str) -> str | None:
        """The string constant `name` holds, or None."""
        if name not in self.candidates or name not in self._constant_names:
            return None
        return self.candidates[name]


@functools.lru_cache(maxsize=2)  # the module being read
def module_strings(tree: ast.Module) -> ModuleStrings:
    """The string constants of the module being read (see `ModuleStrings`)."""
    return ModuleStrings(tree)


def _own_statements(node: Function | ast.Module) -> list[ast.AST]:
    """The statements of a body, nested ones too; of the functions and classes it
    defines, their own statements but not those of the definitions inside them."""
    defined = {id(s) for s in node.body if isinstance(s, Function | ast.ClassDef)}
    found: list[ast.AST] = []
    for statement in statements(node, definitions=False):
        found.append(statement)
        if id(statement) in defined:
            found += statements(statement, definitions=False)
    return found


Lines = tuple[int, int]  # the first and last line of a run of statements


def _exclusive_arms(branches: list[ast.If | ast.Match], loops: list[ast.stmt]) -> list[list[Lines]]:
    """The lines of each arm of the `if`/`else`s and `match`es that no loop around them
    runs again (an assignment in one arm then never reaches a use in another)."""
    spans = [(loop.lineno, loop.end_lineno or loop.lineno) for loop in loops]
    found: list[list[Lines]] = []
    for branch in branches:
        if any(first <= branch.lineno <= last for first, last in spans):
            continue
        if isinstance(branch, ast.If):
            bodies = [branch.body, branch.orelse]
        else:
            bodies = [case.body for case in branch.cases]
        found.append([(body[0].lineno, body[-1].end_lineno or body[-1].lineno) for body in bodies])
    return found


# The statements of a body that bind a local name (`_names` reads them).
_BINDINGS = (ast.Assign, ast.AnnAssign, ast.With, ast.AsyncWith)
# Methods that put one value into a container (`list.append`, `set.add`, `deque.appendleft`,
# `list.insert(i, x)`): the container then holds it, as `container[key] = x` does.
_ADDERS = {"append": 0, "add": 0, "appendleft": 0, "insert": 1}


def added_to(statement: ast.AST) -> tuple[ast.expr, ast.expr] | None:
    """The container and the value of a statement that puts one value into a container
    (`self.clients.append(AsyncGroq(…))`), or None."""
    if not isinstance(statement, ast.Expr) or not isinstance(statement.value, ast.Call):
        return None
    call = statement.value
    func = call.func
    if not isinstance(func, ast.Attribute) or call.keywords:
        return None
    index = _ADDERS.get(func.attr)
    if index is None or len(call.args) != index + 1 or isinstance(call.args[-1], ast.Starred):
        return None
    return func.value, call.args[index]


class ValueRefs:
    """The references of one function's (or the module's) expressions."""

    def __init__(
        self,
        owner: RefsOwner,
        node: Function | ast.Module,
        cls: str | None,
        qualname: str = "",
        method: bool = True,
        outer: ValueRefs | None = None,
    ) -> None:
        """`cls`: the class whose `self` the body reads (a method's, or a closure's in
        one); `method`: its first parameter is `self`; `outer`: the function a closure is
        defined in, whose names it reads where it binds none of its own."""
        self.owner, self.node, self.cls, self.qualname = owner, node, cls, qualname
        self.outer = outer
        # the body's statements, nested ones too, walked once: those every question about
        # the body reads, in order
        self.definitions: list[Function] = []  # the functions it defines
        self.tries: list[ast.Try | ast.TryStar] = []
        self.bindings: list[ast.stmt] = []  # `_BINDINGS`, loops, `added_to`
        self.declared_global: set[str] = set()  # names it declares `global`
        self.raising: list[ast.If] = []  # the `if`s whose body raises (`raised_results`)
        branches: list[ast.If | ast.Match] = []
        loops: list[ast.stmt] = []
        for statement in _own_statements(node):
            if isinstance(statement, ast.If) and any(
                isinstance(s, ast.Raise) for s in statement.body
            ):
                self.raising.append(statement)
            if isinstance(statement, ast.For | ast.AsyncFor) or (
                isinstance(statement, ast.Expr) and added_to(statement) is not None
            ):
                self.bindings.append(statement)  # (a loop is one of `loops` too)
            if isinstance(statement, _BINDINGS):
                self.bindings.append(statement)
            elif isinstance(statement, Function):
                self.definitions.append(statement)
            elif isinstance(statement, ast.Try | ast.TryStar):
                self.tries.append(statement)
            elif isinstance(statement, ast.Global):
                self.declared_global.update(statement.names)
            elif (isinstance(statement, ast.If) and statement.orelse) or isinstance(
                statement, ast.Match
            ):
                branches.append(statement)
            elif isinstance(statement, ast.For | ast.AsyncFor | ast.While):
                loops.append(statement)
        self.arms = _exclusive_arms(branches, loops)
        self._arm_chains: dict[int, dict[int, int]] = {}  # line -> its arm of each branching
        # functions defined in this one, callable by name here: name -> qualname
        self.nested = (
            {n.name: f"{qualname}.{n.name}" for n in self.definitions if n is not node}
            if isinstance(node, Function)
            else {}
        )
        self.call_index: dict[int, int] = {}  # id(ast.Call) -> its number
        self.locals: dict[str, list[Ref]] = {}
        self.params: list[str] = []
        self.defaults: dict[str, Any] = {}
        self.receiver: str | None = None  # a method's `self`
        if isinstance(node, Function):
            arguments = node.args
            positional = [*arguments.posonlyargs, *arguments.args]
            if cls is not None and method and positional and not is_static(node):
                self.receiver = positional[0].arg
                positional = positional[1:]
            self.params = [a.arg for a in (*positional, *arguments.kwonlyargs)]
            for name, default in parameter_defaults(node).items():
                self.defaults[name] = _default(default)
            if arguments.kwarg is not None:
                self.defaults["**"] = arguments.kwarg.arg
            if arguments.vararg is not None:
                self.defaults["*"] = arguments.vararg.arg

    def _names(self) -> None:
        for node in self.bindings:
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    self._bind(target, node.value)
            elif isinstance(node, ast.AnnAssign) and node.value is not None:
                self._bind(node.target, node.value)
            elif isinstance(node, ast.With | ast.AsyncWith):
                for item in node.items:
                    if item.optional_vars is not None:
                        self._bind(item.optional_vars, item.context_expr)
            elif isinstance(node, ast.For | ast.AsyncFor):
                # an item of a container holds what the container holds (a subscript too)
                if isinstance(node.iter, ast.Name | ast.Attribute):
                    self._bind(node.target, node.iter)
            elif (added := added_to(node)) is not None:  # `clients.append(Groq(…))`
                container, value = added
                if isinstance(container, ast.Name):
                    self._bind(container, value)

    def _bind(self, target: ast.expr, value: ast.expr) -> None:
        if isinstance(target, ast.Name):
            self.locals.setdefault(target.id, []).append(("expr", value))
        elif isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name):
            # `providers[name] = make(cfg)`: a local container holds what is stored in it
            if target.value.id in self.locals:
                self.locals[target.value.id].append(("expr", value))
        elif isinstance(target, ast.Tuple | ast.List):
            for index, element in enumerate(target.elts):
                if isinstance(element, ast.Name):
                    self.locals.setdefault(element.id, []).append(("item", value, index))

    def _constant(self, name: str) -> str | None:
        """The module's string constant `name` as this body reads it (not a name of its
        own, a parameter, or one it declares `global`), or None."""
        if name in self.locals or name in self.params or name in self.declared_global:
            return None
        return module_strings(self.owner.tree).get(name)

    def held_value(self, name: str) -> ast.expr | None:
        """The value of a local name bound once, to the whole of a value (`retryer =
        make(…)`); None for one bound more than once, unpacked or not bound here."""
        held = self.locals.get(name, [])
        return held[0][1] if len(held) == 1 and held[0][0] == "expr" else None

    def _bound_method(self, name: str) -> ast.Attribute | None:
        """The method a local name bound once holds (`ac = backend.acomplete`, or read
        with `getattr(backend, "acomplete", None)`): calling the name calls it."""
        value = self.held_value(name)
        if value is not None and (read := getattr_read(value)) is not None:
            return read
        return value if isinstance(value, ast.Attribute) else None

    def refs(self, node: ast.expr, depth: int = 0) -> list[Ref]:
        """The references an expression's value may be."""
        if depth > 6:
            return []
        if isinstance(node, ast.Name):
            if node.id in self.locals:
                found: list[Ref] = []
                bindings = self.locals[node.id]
                if len(bindings) > 1 and self.arms:  # not one given in another arm
                    bindings = [b for b in bindings if not self._apart(b[1], node)]
                for binding in bindings[:_MAX_REFS]:
                    if binding[0] == "expr":
                        found += self.refs(binding[1], depth + 1)
                    else:
                        found += self._item(binding[1], binding[2], depth + 1)
                return found
            if node.id in self.params:
                return [("param", node.id)]
            if node.id in self.nested:  # a function defined here, passed on as a value
                return [("global", self.owner.imports.qualify(self.nested[node.id]))]
            if node.id == self.receiver:  # `return self`: a fluent builder's receiver
                return [("this",)]
            if self._free(node.id):  # a closure's: the enclosing function's, as it holds it
                assert self.outer is not None
                held = tuple(self.outer.refs(node, depth + 1))
                return [("outer", self.outer.qualname, held)] if held else []
            return self.module_refs(node)  # none for a builtin, or a name bound nowhere
        if isinstance(node, ast.Attribute):
            if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
                return [("self", node.attr)]
            if module := self.module_refs(node):
                return module
            # `config.claude_path`; with what the receiver holds, so a bound method passed
            # as a value (`retry_async(provider.chat, …)`) runs the method of its class
            annotation = self._annotation(node.value)
            # (what a name or an attribute of the instance holds: `self.adapter.chat`)
            owner = node.value
            readable = isinstance(owner, ast.Name) or (
                isinstance(owner, ast.Attribute) and on_self(owner)
            )
            receiver = self.refs(node.value, depth + 1) if readable else []
            if receiver:
                return [("field", node.attr, annotation, tuple(receiver[:_MAX_REFS]))]
            return [("field", node.attr, annotation)]
        if isinstance(node, ast.Subscript):
            # a dict of the module read at a constant key: that key's values only
            keyed = keyed_values(node, self.node, self.owner.tree)
            if keyed is not None:
                return [r for value in keyed for r in self.refs(value, depth + 1)][:_MAX_REFS]
            return self.refs(node.value, depth + 1)
        if isinstance(node, ast.Dict):  # a registry: `{"openai": OpenAIProvider, …}`
            return [r for v in node.values for r in self.refs(v, depth + 1)][:_MAX_REFS]
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return self.owner.text_refs(node.value)
        if isinstance(node, ast.JoinedStr):  # `f'claude -p "{task}"'`: each value one word
            text = "".join(
                str(part.value) if isinstance(part, ast.Constant) else OPAQUE_WORD
                for part in node.values
            )
            return [r for r in self.owner.text_refs(text) if r[0] == "command"]
        if isinstance(node, ast.Call):
            client = self.owner.client(node, self)
            if client is not None:
                return [client]
            named = getattr_names(node, self.owner.tree, self.cls) if self.cls else None
            if named is not None:  # `getattr(self, f"send_{kind}")`: a method of its class
                return [("self", name) for name in named[:_MAX_REFS]]
            retrying = self.owner.retry_object(node)
            if retrying is not None:
                return [(RETRYING, retrying)]
            # an agent object is one, and sends its requests through the model it is given
            # (`create_react_agent(llm, tools)`: `same_client`)
            agent = self.owner.agent_object(node)
            made = [agent] if agent is not None else []
            passed = self._passed_on(node)
            if passed is not None:
                return made + self.refs(passed, depth + 1)
            if made:
                return made
            # a mapping of keywords holds their values, as a container does
            if items := literal_items(node, typed_dicts(self.owner.tree)):
                return [r for _, v in items for r in self.refs(v, depth + 1)][:_MAX_REFS]
            number = self.call_index.get(id(node))
            return [] if number is None else [("result", number, -1)]
        if isinstance(node, ast.List | ast.Tuple):
            words = _leading_words(node.elts, self._constant)
            if words:
                return [("argv", ARGV_SEPARATOR.join(words), position(node))]
            if not node.elts or isinstance(node.elts[0], ast.Starred):
                return []
            first = self.refs(node.elts[0], depth + 1)  # `[binary, "app-server"]`
            rest = ARGV_SEPARATOR.join(_leading_words(node.elts[1:], self._constant))
            return [("list", tuple(first), rest, position(node))] if first else []
        if isinstance(node, ast.IfExp):
            return self.refs(node.body, depth + 1) + self.refs(node.orelse, depth + 1)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            return self.refs(node.left, depth + 1)  # `shlex.split(cmd) + [...]`: its program
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
            return self.refs(node.right, depth + 1)  # `NODE_BIN / "claude"`: the file named
        if isinstance(node, ast.BoolOp):
            return [r for value in node.values for r in self.refs(value, depth + 1)]
        if isinstance(node, ast.Await):
            return self.refs(node.value, depth + 1)
        if isinstance(node, ast.Lambda):  # a factory kept to call later: what it returns
            body = self.refs(node.body, depth + 1)
            return [("lambda", tuple(body))] if body else []
        return []

    def module_refs(self, node: ast.expr) -> list[Ref]:
        """The reference of a name or dotted name as the module reads it (an import, or a
        name its top level defines: `make_client`, `config.CLIENT`); none for any other."""
        dotted = dotted_name(node) if isinstance(node, ast.Name | ast.Attribute) else None
        imports = self.owner.imports
        head = dotted.split(".", 1)[0] if dotted is not None else ""
        if dotted is None or not imports.binds(head):
            return []
        return [("global", imports.qualify(dotted))]

    def _apart(self, value: ast.expr, use: ast.expr) -> bool:
        """Whether an assignment of `value` cannot reach `use`: they sit in two arms of
        one `if`/`else` or `match` that no loop of the body runs again."""
        held, at = self._arm_chain(value.lineno), self._arm_chain(use.lineno)
        return any(at.get(number, arm) != arm for number, arm in held.items())

    def _arm_chain(self, line: int) -> dict[int, int]:
        """The arm a line sits in of each branching that holds it (found once per line:
        a function's many reads of its many assignments ask about the same lines)."""
        chain = self._arm_chains.get(line)
        if chain is None:
            chain = self._arm_chains[line] = {}
            for number, arms in enumerate(self.arms):
                arm = next((n for n, (first, last) in enumerate(arms) if first <= line <= last), -1)
                if arm >= 0:
                    chain[number] = arm
        return chain

    def binds(self, name: str) -> bool:
        """Whether the body binds `name` in any form (a loop target, `as`, `:=`), or an
        enclosing function does."""
        return name in self._bound_names or self._free(name)

    @functools.cached_property
    def _bound_names(self) -> frozenset[str]:
        names = {
            node.id
            for node in own_nodes(self.node)
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)
        }
        names.update(
            node.name
            for node in own_nodes(self.node)
            if isinstance(node, ast.ExceptHandler) and node.name
        )
        return frozenset(names)

    def _free(self, name: str) -> bool:
        """Whether `name`, bound nowhere in this function, is a variable of an enclosing
        function (a parameter, a local, a function it defines, or one of its own)."""
        outer = self.outer
        return outer is not None and (
            name in outer.locals
            or name in outer.params
            or name in outer.nested
            or outer._free(name)
        )

    def _annotation(self, receiver: ast.expr) -> str:
        """The qualified class a parameter's annotation names, "" when none."""
        return self.annotation(receiver.id) if isinstance(receiver, ast.Name) else ""

    def annotation(self, parameter: str) -> str:
        """The qualified classes parameter `parameter`'s annotation names (`backend:
        AgentBackend`, `"AgentBackend"`), joined by `|` for a union, "" when none."""
        if not isinstance(self.node, Function):
            return ""
        arguments = self.node.args
        every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
        return self._qualified(next((a.annotation for a in every if a.arg == parameter), None))

    def returned_annotation(self) -> str:
        """The qualified classes the function's return annotation names (`-> Strategy`),
        as `annotation` gives a parameter's."""
        return self._qualified(self.node.returns) if isinstance(self.node, Function) else ""

    def _qualified(self, annotation: ast.expr | None) -> str:
        names = annotation_names(annotation)
        return "|".join(self.owner.imports.qualify(dotted) for dotted in names)

    def _passed_on(self, call: ast.Call) -> ast.expr | None:
        """The argument a call's value is (`shutil.which(x)`, `str(x)`, `Path(x)`, the
        default of `os.environ.get("AGENT", x)`): `auditor.python.model.value_calls`."""
        client = self.owner.same_client(call)
        if client is not None:
            return client
        dotted = dotted_name(call.func)
        if dotted is None:
            return None
        name = self.owner.imports.qualify(dotted)
        if (
            passes_through(name)
            or name in AWAITED_ARGUMENT
            or name in CALLABLE_WRAPPERS
            or name == "shlex.split"
        ) and call.args:
            return call.args[0]
        if name in CASTS and len(call.args) == 2:
            return call.args[1]
        return lookup_default(call, {name})

    def _item(self, value: ast.expr, index: int, depth: int) -> list[Ref]:
        if isinstance(value, ast.Tuple | ast.List) and index < len(value.elts):
            return self.refs(value.elts[index], depth)
        if isinstance(value, ast.Await):
            value = value.value
        number = self.call_index.get(id(value)) if isinstance(value, ast.Call) else None
        return [] if number is None else [("result", number, index)]

    def callee(self, func: ast.expr) -> Ref | None:
        """What a called expression names (see the module's docstring)."""
        if isinstance(func, ast.Attribute):
            value = func.value
            if isinstance(value, ast.Name) and value.id in ("self", "cls"):
                return ("self", func.attr)
            if (
                isinstance(value, ast.Call)
                and isinstance(value.func, ast.Name)
                and value.func.id == "super"
            ):
                return ("super", func.attr)
        if isinstance(func, ast.Name) and func.id in self.nested:
            return ("name", self.owner.imports.qualify(self.nested[func.id]))
        if isinstance(func, ast.Name) and func.id == "cls" and self.cls is not None:
            return ("name", self.owner.imports.qualify(self.cls))  # a classmethod's own class
        if isinstance(func, ast.Name) and (method := self._bound_method(func.id)) is not None:
            return self.callee(method)  # `ac = backend.acomplete`, then `ac(…)`
        if isinstance(func, ast.Name) and (
            func.id in self.locals or func.id in self.params or self._free(func.id)
        ):
            return ("value", tuple(self.refs(func)))
        dotted = dotted_name(func)
        if dotted is not None:
            head = dotted.split(".", 1)[0]
            if self.owner.imports.binds(head):
                return ("name", self.owner.imports.qualify(dotted))
            if head not in self.locals and head not in self.params and "." not in dotted:
                return ("name", dotted)
        if isinstance(func, ast.Attribute):  # a method of what the receiver holds
            return ("method", tuple(self.refs(func.value)), func.attr)
        if isinstance(func, ast.Subscript):  # an item of a registry: `PROVIDERS[name]()`
            held = tuple(self.refs(func))
            return ("value", held) if held else None
        return None
