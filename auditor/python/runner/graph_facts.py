"""One module's facts for the project call graph: its classes, and per function the calls
it makes, the values they carry, the requests it sends and the retry layers around them.

Everything is data (JSON-ready lists and strings), so it is cached with the module's
summary and sent to worker processes. A value is a *reference*, a short tuple:

- `("client", SITE, RETRIES)`: an SDK client built at SITE ("line:column"); RETRIES is
  an integer, "?" (unknown) or "param:NAME" (the function's parameter gives it, bound
  at each call: one caller may pass 0 while another keeps the default);
- `("argv", WORDS, SITE)`: an argv list written at SITE whose leading literal words are
  WORDS (joined by `ARGV_SEPARATOR`), such as a builder's `["claude", "-p", prompt]`;
- `("text", VALUE)`: a string naming an agent's program (`"claude"`, `"/opt/bin/codex"`);
  `("list", FIRST, REST, SITE)`: an argv list whose program is the value of the
  references FIRST, followed by the literal words REST;
- `("field", ATTR)`: an attribute of an object of unknown class (`config.claude_path`):
  what the classes of the tree that have it give it, when they are few;
- `("param", NAME)`, `("self", ATTR)` (an attribute of the instance, or a property),
  `("global", QUALIFIED)`, `("result", CALL, ITEM)` (what call number CALL of the same
  function returns; ITEM -1 for the whole value, N for item N of a tuple).

Callees are `("name", QUALIFIED)` (a function or class, through the module's imports),
`("self", METHOD)` (a method of the instance: dispatched to overrides),
`("super", METHOD)`, `("method", REFS, METHOD)` (a method of what the receiver may
hold: an instance a constructor call made, else an unknown class) and
`("value", REF)` (a callable value: `retrier(fn)` gives `fn`). Nothing here imports or
runs the audited code.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import Any

from auditor.python.model.ast_values import (
    Function,
    children,
    dotted_name,
    import_bindings,
    qualified_import,
    statements,
)
from auditor.python.model.call_graph import ARGV_SEPARATOR
from auditor.python.model.value_calls import (
    DEFAULT_KEYWORD,
    DEFAULT_POSITION,
    ENVIRONMENT_DEFAULTS,
    PASS_THROUGH,
)
from auditor.python.runner.error_conditions import library_errors
from auditor.python.runner.error_tests import AstFacts, class_errors
from auditor.python.runner.sdk_catalog import SdkCatalog
from auditor.python.runner.steps import StepCatalog

Ref = tuple[Any, ...]
_REQUEST_METHODS = frozenset({"create", "stream", "parse", "acreate"})
_RESOURCES = frozenset(
    {"chat", "completions", "messages", "responses", "embeddings", "beta", "images", "audio"}
)
_PROPERTIES = frozenset({"property", "functools.cached_property", "cached_property"})
_BUILTIN_DECORATORS = frozenset({"staticmethod", "classmethod", "abstractmethod"})
_ABSTRACT = frozenset({"abstractmethod", "abc.abstractmethod"})
_MAX_NESTING = 3  # functions nested deeper than this are not in the facts
_MAX_REFS = 8  # values kept per name: more, and the name is not followed


def _position(node: ast.AST) -> str:
    return f"{getattr(node, 'lineno', 0)}:{getattr(node, 'col_offset', 0)}"


class _Imports:
    """What the module's names stand for, qualified."""

    def __init__(self, tree: ast.Module, own: str) -> None:
        self.own = own
        self.names: dict[str, str] = {}
        for node in statements(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                for local, base, name in import_bindings(node, own):
                    self.names[local] = qualified_import(base, name)
        self.defined = {s.name for s in tree.body if isinstance(s, Function | ast.ClassDef)} | {
            t.id
            for s in tree.body
            if isinstance(s, ast.Assign | ast.AnnAssign)
            for t in (s.targets if isinstance(s, ast.Assign) else [s.target])
            if isinstance(t, ast.Name)
        }

    def qualify(self, dotted: str) -> str:
        head, _, rest = dotted.partition(".")
        if head in self.names:
            base = self.names[head]
        elif head in self.defined:
            base = f"{self.own}.{head}" if self.own else head
        else:
            base = head
        return f"{base}.{rest}" if rest else base


class _FunctionFacts:
    """The calls, values, sends and layers of one function's own body."""

    def __init__(
        self,
        owner: ModuleFacts,
        node: Function | ast.Module,
        cls: str | None,
        qualname: str = "",
        method: bool = True,
    ) -> None:
        """`cls`: the class whose `self` the body reads (a method's, or a closure's in
        one); `method`: its first parameter is `self`."""
        self.owner, self.node, self.cls, self.qualname = owner, node, cls, qualname
        # functions defined in this one, callable by name here: name -> qualname
        self.nested = (
            {
                n.name: f"{qualname}.{n.name}"
                for s in getattr(node, "body", [])
                for n in (s, *statements(s, definitions=False))
                if isinstance(n, Function) and n is not node
            }
            if isinstance(node, Function)
            else {}
        )
        self.calls: list[dict[str, Any]] = []
        self.call_index: dict[int, int] = {}  # id(ast.Call) -> its number
        self.locals: dict[str, list[Ref]] = {}
        self.params: list[str] = []
        self.defaults: dict[str, Any] = {}
        if isinstance(node, Function):
            arguments = node.args
            positional = [*arguments.posonlyargs, *arguments.args]
            if cls is not None and method and positional and not _is_static(node):
                positional = positional[1:]
            self.params = [a.arg for a in positional]
            given = arguments.defaults
            for argument, default in zip(
                positional[len(positional) - len(given) :], given, strict=True
            ):
                self.defaults[argument.arg] = _default(default)
            for argument, keyword_default in zip(
                arguments.kwonlyargs, arguments.kw_defaults, strict=True
            ):
                self.params.append(argument.arg)
                if keyword_default is not None:
                    self.defaults[argument.arg] = _default(keyword_default)
            if arguments.kwarg is not None:
                self.defaults["**"] = arguments.kwarg.arg

    def data(self) -> dict[str, Any]:
        """The facts as data, leaving out what is empty (most calls carry nothing)."""
        found = {
            "class": self.cls,
            "params": self.params,
            "defaults": self.defaults,
            "sends": self.sends,
            "returns": self.returns,
            "stores": self.stores,
            "layer": self.layer,
        }
        calls = [
            {k: v for k, v in call.items() if _worth(v) or k == "callee"} for call in self.calls
        ]
        return {"calls": calls, **{k: v for k, v in found.items() if _worth(v)}}

    def read(self) -> None:
        """Walk the function's own statements once."""
        self.sends: list[list[Any]] = []
        self.returns: list[list[Any]] = []
        self.stores: list[list[Any]] = []
        self.layer: int | str | None = None
        self.retry_tries: dict[int, int] = {}  # id of a `try` -> the retry layer it is
        if isinstance(self.node, Function):
            self.layer = self.owner.decorator_layer(self.node)
            self.owner.recursion_layers(self.node, self)
        self._returned: list[ast.Return] = []
        self._stored: list[ast.Assign | ast.AnnAssign] = []
        self._class_stored: list[tuple[str, ast.Assign | ast.AnnAssign]] = []
        self._requests: list[tuple[ast.Call, ast.expr, int | None, bool]] = []
        self._arguments: list[tuple[dict[str, Any], ast.Call]] = []
        body = self.node.body
        self._names(body)
        self._statements(body, None, False)
        # values are read once every call has its number: a name may hold a later call's
        for entry, call in self._arguments:
            entry["args"] = [[i, r] for i, a in enumerate(call.args) for r in self.refs(a)]
            entry["keywords"] = [
                [k.arg, r] for k in call.keywords if k.arg for r in self.refs(k.value)
            ]
            if entry["callee"] is None or entry["callee"][0] == "value":
                entry["callee"] = self.callee(call.func)
        for call, receiver, layer, contained in self._requests:
            self.sends.append([_position(call), layer, contained, self.refs(receiver)])
        for node in self._returned:
            value = node.value
            assert value is not None
            if isinstance(value, ast.Tuple):
                for index, element in enumerate(value.elts):
                    self.returns += [[index, *r] for r in self.refs(element)]
            else:
                self.returns += [[-1, *r] for r in self.refs(value)]
        for store in self._stored:
            self._store(store)
        for cls, item in self._class_stored:
            assert item.value is not None
            targets = item.targets if isinstance(item, ast.Assign) else [item.target]
            for target in targets:
                if isinstance(target, ast.Name):
                    qualified = self.owner.imports.qualify(f"{cls}.{target.id}")
                    for ref in self.refs(item.value):
                        self.stores += [
                            [f"global:{qualified}", *ref],
                            [f"class:{cls}:{target.id}", *ref],
                        ]

    # -- local names, flow-insensitive: every value any assignment gives them
    def _names(self, body: list[ast.stmt]) -> None:
        for node in (n for s in body for n in (s, *statements(s, definitions=False))):
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    self._bind(target, node.value)
            elif isinstance(node, ast.AnnAssign) and node.value is not None:
                self._bind(node.target, node.value)
            elif isinstance(node, ast.With | ast.AsyncWith):
                for item in node.items:
                    if item.optional_vars is not None:
                        self._bind(item.optional_vars, item.context_expr)

    def _bind(self, target: ast.expr, value: ast.expr) -> None:
        if isinstance(target, ast.Name):
            self.locals.setdefault(target.id, []).append(("expr", value))
        elif isinstance(target, ast.Tuple | ast.List):
            for index, element in enumerate(target.elts):
                if isinstance(element, ast.Name):
                    self.locals.setdefault(element.id, []).append(("item", value, index))

    def refs(self, node: ast.expr, depth: int = 0) -> list[Ref]:
        """The references an expression's value may be."""
        if depth > 6:
            return []
        if isinstance(node, ast.Name):
            if node.id in self.locals:
                found: list[Ref] = []
                for binding in self.locals[node.id][:_MAX_REFS]:
                    if binding[0] == "expr":
                        found += self.refs(binding[1], depth + 1)
                    else:
                        found += self._item(binding[1], binding[2], depth + 1)
                return found
            if node.id in self.params:
                return [("param", node.id)]
            if node.id in self.owner.imports.names or node.id in self.owner.imports.defined:
                return [("global", self.owner.imports.qualify(node.id))]
            return []  # a builtin, or a name bound nowhere here: it holds no tracked value
        if isinstance(node, ast.Attribute):
            if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
                return [("self", node.attr)]
            dotted = dotted_name(node)
            head = dotted.split(".", 1)[0] if dotted is not None else ""
            if dotted is not None and (
                head in self.owner.imports.names or head in self.owner.imports.defined
            ):
                return [("global", self.owner.imports.qualify(dotted))]
            return [("field", node.attr, self._annotation(node.value))]  # `config.claude_path`
        if isinstance(node, ast.Subscript):
            return self.refs(node.value, depth + 1)
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            name = node.value.rsplit("/", 1)[-1]
            return [("text", node.value[:200])] if name in self.owner.agents else []
        if isinstance(node, ast.Call):
            client = self.owner.client(node, self)
            if client is not None:
                return [client]
            passed = self._passed_on(node)
            if passed is not None:
                return self.refs(passed, depth + 1)
            number = self.call_index.get(id(node))
            return [] if number is None else [("result", number, -1)]
        if isinstance(node, ast.List | ast.Tuple):
            words = _leading_words(node.elts)
            if words:
                return [("argv", ARGV_SEPARATOR.join(words), _position(node))]
            if not node.elts or isinstance(node.elts[0], ast.Starred):
                return []
            first = self.refs(node.elts[0], depth + 1)  # `[binary, "app-server"]`
            rest = ARGV_SEPARATOR.join(_leading_words(node.elts[1:]))
            return [("list", first, rest, _position(node))] if first else []
        if isinstance(node, ast.IfExp):
            return self.refs(node.body, depth + 1) + self.refs(node.orelse, depth + 1)
        if isinstance(node, ast.BoolOp):
            return [r for value in node.values for r in self.refs(value, depth + 1)]
        if isinstance(node, ast.Await):
            return self.refs(node.value, depth + 1)
        return []

    def _annotation(self, receiver: ast.expr) -> str:
        """The qualified class a parameter's annotation names, "" when none."""
        if not isinstance(receiver, ast.Name) or not isinstance(self.node, Function):
            return ""
        arguments = self.node.args
        every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
        found = next((a.annotation for a in every if a.arg == receiver.id), None)
        dotted = dotted_name(found) if found is not None else None
        return self.owner.imports.qualify(dotted) if dotted else ""

    def _passed_on(self, call: ast.Call) -> ast.expr | None:
        """The argument a call's value is (`shutil.which(x)`, `str(x)`, `Path(x)`, the
        default of `os.environ.get("AGENT", x)`): `auditor.python.model.value_calls`."""
        dotted = dotted_name(call.func)
        if dotted is None:
            return None
        name = self.owner.imports.qualify(dotted)
        if name in PASS_THROUGH and call.args:
            return call.args[0]
        if name in ENVIRONMENT_DEFAULTS:
            given = [k.value for k in call.keywords if k.arg == DEFAULT_KEYWORD]
            if len(call.args) > DEFAULT_POSITION:
                given.append(call.args[DEFAULT_POSITION])
            return given[0] if given else None
        return None

    def _item(self, value: ast.expr, index: int, depth: int) -> list[Ref]:
        if isinstance(value, ast.Tuple | ast.List) and index < len(value.elts):
            return self.refs(value.elts[index], depth)
        if isinstance(value, ast.Await):
            value = value.value
        number = self.call_index.get(id(value)) if isinstance(value, ast.Call) else None
        return [] if number is None else [("result", number, index)]

    # -- statements, with the retry layer and the failure containment around them
    def _statements(self, body: list[ast.stmt], layer: int | None, contained: bool) -> None:
        for statement in body:
            self._statement(statement, layer, contained)

    def _statement(self, node: ast.stmt, layer: int | None, contained: bool) -> None:
        if isinstance(node, ast.ClassDef) and isinstance(self.node, ast.Module):
            for item in node.body:  # class attributes: `client = OpenAI()` in the class
                if isinstance(item, ast.Assign | ast.AnnAssign) and item.value is not None:
                    self._expressions(item.value, layer, contained)
                    self._class_stored.append((node.name, item))
            return
        if isinstance(node, Function | ast.ClassDef):
            return
        if isinstance(node, ast.For | ast.AsyncFor | ast.While):
            whole = self.owner.loop_layer(node, self)  # a library's: every failure in it
            self._expressions(node.iter if not isinstance(node, ast.While) else node.test, layer)
            self._statements(node.body, layer if whole is None else whole, contained)
            self._statements(node.orelse, layer, contained)
            return
        if isinstance(node, ast.Try | ast.TryStar):
            retry = self.retry_tries.get(id(node))
            keeps = any(_keeps_failure(h, self.owner.blanket) for h in node.handlers)
            if retry is not None:  # the retry's own `try`: what fails in it is retried
                self._statements(node.body, retry, False)
            else:
                self._statements(node.body, layer, contained or keeps)
            for handler in node.handlers:
                self._statements(handler.body, layer, contained)
            self._statements(node.orelse, layer, contained)
            self._statements(node.finalbody, layer, contained)
            return
        for child in children(node):
            if isinstance(child, ast.stmt):
                self._statement(child, layer, contained)
            elif isinstance(child, ast.expr):
                self._expressions(child, layer, contained)
            elif isinstance(child, ast.withitem):
                self._expressions(child.context_expr, layer, contained)
            elif isinstance(child, ast.match_case):
                self._statements(child.body, layer, contained)
        if isinstance(node, ast.Return) and node.value is not None:
            self._returned.append(node)
        elif isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            self._stored.append(node)

    def _store(self, node: ast.Assign | ast.AnnAssign) -> None:
        assert node.value is not None
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        for target in targets:
            if isinstance(target, ast.Tuple | ast.List):  # `self.a, self.b = a, b`
                for index, element in enumerate(target.elts):
                    self._store_one(element, self._item(node.value, index, 0))
            else:
                self._store_one(target, self.refs(node.value))

    def _store_one(self, target: ast.expr, refs: list[Ref]) -> None:
        if (root := _self_attribute(target)) is not None:
            self.stores += [[root, *r] for r in refs]
        elif isinstance(target, ast.Name) and isinstance(self.node, ast.Module):
            qualified = self.owner.imports.qualify(target.id)
            self.stores += [[f"global:{qualified}", *r] for r in refs]

    def _expressions(self, node: ast.expr, layer: int | None, contained: bool = False) -> None:
        """Record the calls of an expression, innermost first (their numbers are needed by
        the calls that take their values)."""
        for call in _calls_in(node):
            self._call(call, layer, contained)

    def _call(self, call: ast.Call, layer: int | None, contained: bool) -> None:
        number = len(self.calls)
        self.call_index[id(call)] = number
        request = _request_receiver(call)
        if request is not None:
            self._requests.append((call, request, layer, contained))
        entry: dict[str, Any] = {
            "at": _position(call),
            "callee": None,
            "layer": layer,
            "contained": contained,
            "given": [k.arg for k in call.keywords if k.arg],
            "ints": _known({k.arg: _int(k.value) for k in call.keywords if k.arg}),
            "positional": _known({str(i): _int(a) for i, a in enumerate(call.args)}),
            "count": len(call.args),
            "spread": any(k.arg is None for k in call.keywords),
        }
        runner = self.owner.retrier_call(call, self)
        if runner is not None:  # `retrier(fn, *args)`: a call of `fn` with the rest
            entry["layer"], entry["callee"], entry["shift"] = *runner, 1
        self.calls.append(entry)
        self._arguments.append((entry, call))

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
        if isinstance(func, ast.Name) and (func.id in self.locals or func.id in self.params):
            return ("value", self.refs(func))
        dotted = dotted_name(func)
        if dotted is not None:
            head = dotted.split(".", 1)[0]
            if head in self.owner.imports.names or head in self.owner.imports.defined:
                return ("name", self.owner.imports.qualify(dotted))
            if head not in self.locals and head not in self.params and "." not in dotted:
                return ("name", dotted)
        if isinstance(func, ast.Attribute):  # a method of what the receiver holds
            return ("method", self.refs(func.value), func.attr)
        return None


class ModuleFacts:
    """The call-graph facts of one module (`data()` is what the index keeps)."""

    def __init__(
        self,
        tree: ast.Module,
        own: str,
        steps: StepCatalog,
        sdk: SdkCatalog,
        blanket: frozenset[str],
    ) -> None:
        self.tree, self.steps, self.sdk, self.blanket = tree, steps, sdk, blanket
        self.imports = _Imports(tree, own)
        self.layers: list[dict[str, Any]] = []
        self.clients: dict[str, list[Any]] = {}
        self.retries_named = True  # the text may name a retry library
        self.agents: frozenset[str] = frozenset()  # command names followed as programs
        self._ast_facts: AstFacts | None = None

    def data(self) -> dict[str, Any]:
        functions: dict[str, Any] = {}
        classes: dict[str, Any] = {}
        module = _FunctionFacts(self, self.tree, None)
        module.read()
        functions["<module>"] = module.data()
        pending = [(q, f, c, True) for q, f, c in _functions(self.tree)]
        while pending:
            qualname, function, cls, method = pending.pop()
            facts = _FunctionFacts(self, function, cls, qualname, method)
            facts.read()
            functions[qualname] = facts.data()
            if qualname.count(".") < _MAX_NESTING:  # closures: `def attempt(): …` inside
                pending += [
                    (inner, n, cls, False)
                    for s in function.body
                    for n in (s, *statements(s, definitions=False))
                    if isinstance(n, Function) and (inner := facts.nested.get(n.name))
                ]
        for node in self.tree.body:
            if isinstance(node, ast.ClassDef):
                classes[node.name] = self._class(node)
        return {
            "functions": functions,
            "classes": classes,
            "layers": self.layers,
            "clients": self.clients,
            "retry_objects": self._retry_objects(),
        }

    def _retry_objects(self) -> dict[str, int]:
        """Module names bound to a library's retry decorator (`llm_retry = retry(…)`),
        which other modules apply as `@llm_retry`: name -> its layer."""
        found: dict[str, int] = {}
        for statement in self.tree.body:
            if not (isinstance(statement, ast.Assign) and isinstance(statement.value, ast.Call)):
                continue
            library = self._library(statement.value)
            if library is None or library[0].form != "decorator":
                continue
            layer = self._decorator(statement.value, *library)
            for target in statement.targets:
                if isinstance(target, ast.Name):
                    found[target.id] = layer
        for _, function, _ in _functions(self.tree) if self.retries_named else ():
            applied = self._applied_library(function)
            if applied is not None:
                found[function.name] = applied
        return found

    def _applied_library(self, function: Function) -> int | None:
        """The layer of a decorator that applies a library's retry decorator to the
        function it is given when that runs (`retry(stop=…)(method)(self, *args)`)."""
        if not function.args.args:
            return None
        given = {a.arg for a in function.args.args}
        nodes = list(ast.walk(function))
        made = {  # `retry_decorator = retry(stop=…)`
            target.id: node.value
            for node in nodes
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
            for target in node.targets
            if isinstance(target, ast.Name)
        }
        for node in nodes:
            if not (
                isinstance(node, ast.Call)
                and len(node.args) == 1
                and isinstance(node.args[0], ast.Name)
                and node.args[0].id in given
            ):
                continue
            func = node.func
            maker = made.get(func.id) if isinstance(func, ast.Name) else func
            library = self._library(maker) if isinstance(maker, ast.Call) else None
            if maker is not None and library is not None and library[0].form == "decorator":
                index = self._decorator(maker, *library)
                applied = self.layers[index]["label"]
                self.layers[index]["label"] = f"`@{function.name}` (applying {applied})"
                return index
        return None

    def _decorator(self, node: ast.expr, library: Any, call: ast.Call | None, name: str) -> int:
        attempts = _attempts(call, library.attempts_keyword)
        errors = self._library_errors(library, call)
        return self._layer(node, f"`@{name.rsplit('.', 1)[-1]}`", attempts, errors)

    def _class(self, node: ast.ClassDef) -> dict[str, Any]:
        methods, properties, abstract = [], [], []
        for item in node.body:
            if isinstance(item, Function):
                methods.append(item.name)
                decorators = {dotted_name(d) for d in item.decorator_list}
                if decorators & _PROPERTIES:
                    properties.append(item.name)
                if decorators & _ABSTRACT or _raises_not_implemented(item):
                    abstract.append(item.name)
        bases = [self.imports.qualify(name) for b in node.bases if (name := dotted_name(b))]
        return {"bases": bases, "methods": methods, "properties": properties, "abstract": abstract}

    def client(self, call: ast.Call, function: _FunctionFacts) -> Ref | None:
        """A client reference when `call` builds an SDK client."""
        dotted = dotted_name(call.func)
        if dotted is None:
            return None
        constructor = self.sdk.constructors.get(self.imports.qualify(dotted))
        if constructor is None:
            return None
        site = _position(call)
        retries: Any = constructor.default
        for keyword in call.keywords:
            if keyword.arg == constructor.keyword:
                value = keyword.value
                number = _int(value)
                if number is None and isinstance(value, ast.Name):
                    number = self._constant(value.id)
                if number is not None:
                    retries = number
                elif isinstance(value, ast.Name) and value.id in function.params:
                    retries = f"param:{value.id}:{function.defaults.get(value.id)}"
                else:
                    retries = "?"
            elif keyword.arg is None:
                value = keyword.value
                if isinstance(value, ast.Name) and function.defaults.get("**") == value.id:
                    retries = f"kwarg:{constructor.keyword}:{constructor.default}"
                else:
                    retries = "?"
        label = constructor.qualified.rsplit(".", 1)[-1]
        self.clients[site] = [label, constructor.keyword]
        return ("client", site, retries)

    def _constant(self, name: str) -> int | None:
        for statement in self.tree.body:
            if isinstance(statement, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == name for t in statement.targets
            ):
                return _int(statement.value)
        return None

    def _layer(self, node: ast.AST, label: str, attempts: int | None, errors: Any) -> int:
        self.layers.append(
            {
                "at": _position(node),
                "label": label,
                "attempts": attempts,
                "errors": errors,
            }
        )
        return len(self.layers) - 1

    def _library(self, node: ast.expr) -> tuple[Any, ast.Call | None, str] | None:
        call = node if isinstance(node, ast.Call) else None
        dotted = dotted_name(call.func if call else node)
        if dotted is None:
            return None
        qualified = self.imports.qualify(dotted)
        library = self.steps.libraries.get(qualified)
        return None if library is None else (library, call, qualified)

    def _library_errors(self, library: Any, call: ast.Call | None) -> list[list[str]]:
        self._ast_facts = self._ast_facts or AstFacts(self.tree)
        errors = library_errors(library, call, self._ast_facts, self.blanket)
        return [[test.kind, test.value] for test in errors.tests]

    def decorator_layer(self, function: Function) -> int | str | None:
        """The layer a retry decorator puts around the whole function: a library's (a
        number), or a name of the tree to look up among its retry decorators."""
        for decorator in function.decorator_list:
            found = self._library(decorator)
            if found is not None and found[0].form == "decorator":
                library, call, qualified = found
                attempts = _attempts(call, library.attempts_keyword)
                errors = self._library_errors(library, call)
                return self._layer(
                    decorator, f"`@{qualified.rsplit('.', 1)[-1]}`", attempts, errors
                )
            dotted = dotted_name(decorator.func if isinstance(decorator, ast.Call) else decorator)
            if dotted is not None and dotted not in _PROPERTIES | _BUILTIN_DECORATORS:
                qualified = self.imports.qualify(dotted)
                if "." not in qualified and self.imports.own:  # a class body's own decorator
                    qualified = f"{self.imports.own}.{qualified}"
                return f"decorator:{qualified}@{_position(decorator)}"
        return None

    def loop_layer(
        self, loop: ast.For | ast.AsyncFor | ast.While, function: _FunctionFacts
    ) -> int | None:
        """The layer a loop is: `for attempt in Retrying(…)`, or a hand-written loop that
        goes on after catching a failure of its `try` and leaves on success."""
        if isinstance(loop, ast.For | ast.AsyncFor):
            found = self._library(loop.iter)
            if found is not None and found[0].form == "loop":
                library, call, qualified = found
                attempts = _attempts(call, library.attempts_keyword)
                errors = self._library_errors(library, call)
                return self._layer(loop, f"`{qualified.rsplit('.', 1)[-1]}` loop", attempts, errors)
            if not (
                isinstance(loop.iter, ast.Call)
                and isinstance(loop.iter.func, ast.Name)
                and loop.iter.func.id == "range"
            ):
                return None
        inside = [n for s in loop.body for n in (s, *statements(s, definitions=False))]
        tries = [n for n in inside if isinstance(n, ast.Try | ast.TryStar)]
        leaves = any(isinstance(n, ast.Return | ast.Break) for n in inside)
        for node in tries if leaves else ():
            retrying = [h for h in node.handlers if not _ends_in_raise(h.body)]
            if retrying:
                names = [n for h in retrying for n in self._handler_classes(h, function)]
                caught = class_errors(names, self.blanket)
                pairs = [[t.kind, t.value] for t in caught.tests]
                layer = self._layer(loop, "retry loop", _loop_attempts(loop), pairs)
                function.retry_tries[id(node)] = layer
        return None

    def recursion_layers(self, node: Function, function: _FunctionFacts) -> None:
        """A `try` whose clause catches a failure and calls the function again
        (`except APIError: time.sleep(30); return self._run_single(prompt)`): a retry."""
        inside = [n for s in node.body for n in (s, *statements(s, definitions=False))]
        for candidate in inside:
            if not isinstance(candidate, ast.Try | ast.TryStar):
                continue
            again = [h for h in candidate.handlers if _calls_itself(h, node)]
            if again:
                names = [n for h in again for n in self._handler_classes(h, function)]
                pairs = [[t.kind, t.value] for t in class_errors(names, self.blanket).tests]
                layer = self._layer(candidate, "retry by recursion", None, pairs)
                function.retry_tries[id(candidate)] = layer

    def _handler_classes(self, handler: ast.ExceptHandler, function: _FunctionFacts) -> list[str]:
        """The classes an `except` catches: names, tuples, and a tuple given as a module
        constant or a parameter's default (`except errors:` with `errors=(A, B)`)."""
        node = handler.type
        if isinstance(node, ast.Name) and isinstance(function.defaults.get(node.id), list):
            return list(function.defaults[node.id])
        self._ast_facts = self._ast_facts or AstFacts(self.tree)
        return self._ast_facts.classes(node) if node is not None else []

    def retrier_call(self, call: ast.Call, function: _FunctionFacts) -> tuple[int, Ref] | None:
        """A call of a retrying object (`Retrying(…)(fn, …)`, `retrier(fn, …)`): the layer
        and the function it runs."""
        func = call.func
        origin: ast.expr | None = func
        if isinstance(func, ast.Name) and func.id in function.locals:
            bindings = function.locals[func.id]
            origin = bindings[0][1] if bindings[0][0] == "expr" else None
        if origin is None or not isinstance(origin, ast.Call) or not call.args:
            return None
        found = self._library(origin)
        if found is None or found[0].form != "loop":
            return None
        library, made, qualified = found
        attempts = _attempts(made, library.attempts_keyword)
        errors = self._library_errors(library, made)
        layer = self._layer(origin, f"`{qualified.rsplit('.', 1)[-1]}` object", attempts, errors)
        target = function.callee(call.args[0])
        return None if target is None else (layer, target)


def _functions(tree: ast.Module) -> Iterator[tuple[str, Function, str | None]]:
    for node in tree.body:
        if isinstance(node, Function):
            yield node.name, node, None
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, Function):
                    yield f"{node.name}.{item.name}", item, node.name


def _calls_in(node: ast.expr) -> list[ast.Call]:
    """The calls of an expression, callees and arguments before the call that takes them;
    lambdas and comprehension scopes included (they run here or not at all)."""
    found: list[ast.Call] = []
    pending: list[tuple[ast.AST, bool]] = [(node, False)]
    while pending:
        current, done = pending.pop()
        if done and isinstance(current, ast.Call):
            found.append(current)
            continue
        if isinstance(current, ast.Call):
            pending.append((current, True))
        pending += [(child, False) for child in reversed(children(current))]
    return found


def _request_receiver(call: ast.Call) -> ast.expr | None:
    """The client a request call is sent through: `X` of `X.chat.completions.create(…)`."""
    func = call.func
    if not isinstance(func, ast.Attribute) or func.attr not in _REQUEST_METHODS:
        return None
    node, steps = func.value, 0
    while isinstance(node, ast.Attribute) and node.attr in _RESOURCES:
        node, steps = node.value, steps + 1
    return node if steps else None


def _self_attribute(target: ast.expr) -> str | None:
    """ATTR of `self.ATTR = …` or `self.ATTR[key] = …`."""
    if isinstance(target, ast.Subscript):
        target = target.value
    if (
        isinstance(target, ast.Attribute)
        and isinstance(target.value, ast.Name)
        and target.value.id in ("self", "cls")
    ):
        return target.attr
    return None


def _is_static(function: Function) -> bool:
    return any(dotted_name(d) == "staticmethod" for d in function.decorator_list)


def _default(node: ast.expr) -> Any:
    if isinstance(node, ast.Tuple | ast.List):
        return [d.rsplit(".", 1)[-1] if (d := dotted_name(e)) else "?" for e in node.elts]
    dotted = dotted_name(node)
    if dotted is not None and dotted[:1].isupper():
        return [dotted.rsplit(".", 1)[-1]]
    return _int(node)


def _worth(value: Any) -> bool:
    """Whether a fact is worth keeping: not None, False or empty (a layer 0 is one)."""
    return value is not None and value is not False and value != [] and value != {}


def _known(numbers: dict[str, int | None]) -> dict[str, int]:
    return {key: number for key, number in numbers.items() if number is not None}


def _int(node: ast.expr) -> int | None:
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value if abs(node.value) < 10**6 else None
    return None


def _attempts(call: ast.Call | None, keyword: str | None) -> int | None:
    for item in call.keywords if call is not None else ():
        if item.arg == keyword:
            return _int(item.value)
        if item.arg == "stop" and isinstance(item.value, ast.Call) and item.value.args:
            return _int(item.value.args[0])
    return None


def _loop_attempts(loop: ast.For | ast.AsyncFor | ast.While) -> int | None:
    if isinstance(loop, ast.For | ast.AsyncFor) and isinstance(loop.iter, ast.Call):
        arguments = loop.iter.args
        return _int(arguments[-1] if len(arguments) == 1 else arguments[1]) if arguments else None
    test = loop.test if isinstance(loop, ast.While) else None
    if isinstance(test, ast.Compare) and len(test.comparators) == 1:
        return _int(test.comparators[0])
    return None


def _leading_words(elements: list[ast.expr]) -> list[str]:
    """The literal strings an argv list starts with (`["claude", "-p", prompt]`)."""
    words: list[str] = []
    for element in elements[:8]:
        if not (isinstance(element, ast.Constant) and isinstance(element.value, str)):
            break
        words.append(element.value[:200])
    return words


def _calls_itself(handler: ast.ExceptHandler, function: Function) -> bool:
    """Whether an `except` clause calls the function it is in (`f(…)`, `self.f(…)`)."""
    for statement in handler.body:
        for node in ast.walk(statement):
            if isinstance(node, ast.Call):
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else dotted_name(func)
                if name == function.name:
                    return True
    return False


def _ends_in_raise(body: list[ast.stmt]) -> bool:
    return bool(body) and isinstance(body[-1], ast.Raise)


def _keeps_failure(handler: ast.ExceptHandler, blanket: frozenset[str]) -> bool:
    """Whether a clause catches every failure and raises nowhere (the failure stays in)."""
    names = [] if handler.type is None else _names_of(handler.type)
    every = class_errors(names, blanket).every
    inside = (n for s in handler.body for n in (s, *statements(s, definitions=False)))
    return every and not any(isinstance(n, ast.Raise) for n in inside)


def _names_of(node: ast.expr) -> list[str]:
    if isinstance(node, ast.Tuple):
        return [n for e in node.elts for n in _names_of(e)]
    dotted = dotted_name(node)
    return [dotted.rsplit(".", 1)[-1]] if dotted else ["?"]


def _raises_not_implemented(function: Function) -> bool:
    body = [
        s
        for s in function.body
        if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))
    ]
    if len(body) != 1:
        return not body or isinstance(body[0], ast.Pass) if not body else False
    only = body[0]
    if isinstance(only, ast.Raise) and only.exc is not None:
        target = only.exc.func if isinstance(only.exc, ast.Call) else only.exc
        return dotted_name(target) == "NotImplementedError"
    return isinstance(only, ast.Pass) or (
        isinstance(only, ast.Expr)
        and isinstance(only.value, ast.Constant)
        and only.value.value is ...
    )


def module_graph_facts(
    tree: ast.Module,
    own: str,
    steps: StepCatalog,
    sdk: SdkCatalog,
    text: str = "",
    agents: frozenset[str] = frozenset(),
) -> dict[str, Any]:
    """The call-graph facts of a parsed module named `own` (its `text`, for a quick look
    at whether it names a retry library at all; `agents`: the agents' command names, the
    strings followed as programs)."""
    facts = ModuleFacts(tree, own, steps, sdk, steps.blanket_exceptions)
    facts.agents = agents
    facts.retries_named = any(word in text for word in ("retry", "backoff", "stamina"))
    return facts.data()
