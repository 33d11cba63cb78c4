"""One module's facts for the project call graph: its classes, and per function the calls
it makes, the values they carry, the requests it sends and the retry layers around them.

Everything is data (tuples, strings and numbers; each call a `auditor.project.CallFacts`,
its equal values shared within the module), so it is cached with the module's summary
and sent to worker processes. A value is a *reference*, a short tuple:

- `("client", SITE, RETRIES)`: an SDK client built at SITE ("line:column"); RETRIES is
  an integer, "?" (unknown) or "param:NAME" (the function's parameter gives it, bound
  at each call: one caller may pass 0 while another keeps the default);
- `("argv", WORDS, SITE)`: an argv list written at SITE whose leading literal words are
  WORDS (joined by `ARGV_SEPARATOR`), such as a builder's `["claude", "-p", prompt]`;
- `("text", VALUE)`: a string naming an agent's program (`"claude"`, `"/opt/bin/codex"`);
  `("command", VALUE)`: a command string whose first command starts an agent
  (`"npx @openai/codex@latest exec"`, for `shlex.split` or a shell);
  `("list", FIRST, REST, SITE)`: an argv list whose program is the value of the
  references FIRST, followed by the literal words REST;
- `("field", ATTR, ANNOTATION[, RECEIVER])`: an attribute of an object of unknown class
  (`config.claude_path`): what the classes of the tree that have it give it, when they
  are few; RECEIVER, the references of a local name it is read on, makes a bound method
  passed as a value (`retry_async(provider.chat)`) run that method of the name's class;
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
import re
from collections.abc import Collection, Iterator
from typing import Any, cast

from auditor.numbers import bounded_int
from auditor.profiles import AgentCatalog
from auditor.python.model.ast_values import (
    Function,
    annotation_name,
    base_names,
    class_fields,
    class_names,
    dotted_name,
    is_generator,
    is_property,
    parameter_defaults,
    statements,
    walk,
)
from auditor.python.model.class_attributes import class_attributes
from auditor.python.model.imports import Imports
from auditor.python.model.mapping_keys import ABSENT, mapping_key
from auditor.python.model.retry_reach import BOUND_MARK, DECORATORS_SEPARATOR
from auditor.python.model.value_calls import ENVIRONMENT_DEFAULTS, environment_default
from auditor.python.runner.agent_words import command_runs_agent
from auditor.python.runner.error_conditions import handler_errors, library_errors
from auditor.python.runner.error_tests import AstFacts, bound_classes, class_errors
from auditor.python.runner.function_facts import FunctionFacts, LayerRef, Shared
from auditor.python.runner.loop_parts import (
    delay_schedule,
    leaves_after,
    leaves_outside_handlers,
    raised_round,
    repetition,
    success_leaves,
)
from auditor.python.runner.sdk_catalog import SdkCatalog, SdkConstructor
from auditor.python.runner.steps import StepCatalog
from auditor.python.runner.value_refs import Ref, ValueRefs, literal_int, position

_BUILTIN_DECORATORS = frozenset({"staticmethod", "classmethod", "abstractmethod"})
_ABSTRACT = frozenset({"abstractmethod", "abc.abstractmethod"})
_PROTOCOLS = frozenset({"typing.Protocol", "typing_extensions.Protocol"})
_MAX_NESTING = 3  # functions nested deeper than this are not in the facts
# Calls that read a line the user types: a loop asking them each turn runs new work.
_INPUT_CALLS = frozenset({"input", "sys.stdin.readline", "click.prompt", "typer.prompt"})
_INPUT_SUFFIXES = ("Prompt.ask", "console.input", "session.prompt")
_DEFINITION = re.compile(r"^[ \t]*(?:async[ \t]+)?def[ \t]", re.MULTILINE)


class ModuleFacts:
    """The call-graph facts of one module (`data()` is what the index keeps)."""

    def __init__(
        self,
        tree: ast.Module,
        own: str,
        steps: StepCatalog,
        sdk: SdkCatalog,
        blanket: frozenset[str],
        importing: str | None = None,
    ) -> None:
        self.tree, self.steps, self.sdk, self.blanket = tree, steps, sdk, blanket
        self.imports = Imports(tree, own, importing or own)
        self.layers: list[dict[str, Any]] = []
        self.retries_named = True  # the text may name a retry library
        self.yields = True  # the text may have a `yield`: some function may be a generator
        self.agents: frozenset[str] = frozenset()  # command names followed as programs
        self.catalog: AgentCatalog | None = None  # what starts an agent, for command strings
        self._ast_facts: AstFacts | None = None
        self._returns: dict[int, list[ast.Return]] = {}  # id of a function -> its returns
        self._shared: dict[Any, Any] = {}  # each value `share` was given, by itself
        self.class_calls: set[tuple[str, str]] = set()  # see `client`
        self._prompting: frozenset[str] | None = None  # see `_reads_input`
        self._retry_objects_made: dict[int, int] = {}  # id of a call -> its layer

    def data(self) -> dict[str, Any]:
        functions: dict[str, Any] = {}
        classes: dict[str, Any] = {}
        module = FunctionFacts(self, self.tree, None)
        module.read()
        functions["<module>"] = module.data()
        pending: list[tuple[str, Function, str | None, bool, FunctionFacts | None]]
        pending = [(q, f, c, True, None) for q, f, c in _functions(self.tree)]
        while pending:  # the last definitions first
            qualname, function, cls, method, outer = pending.pop()
            if qualname in functions:
                continue  # of several definitions (`@overload`s), the last one runs
            facts = FunctionFacts(self, function, cls, qualname, method, outer)
            facts.read()
            functions[qualname] = facts.data()
            self._returns[id(function)] = facts.returned
            if qualname.count(".") < _MAX_NESTING:  # closures: `def attempt(): …` inside
                pending += [
                    (inner, n, cls, False, facts)
                    for n in facts.definitions
                    if (inner := facts.nested.get(n.name))
                ]
        for node in self.tree.body:
            if isinstance(node, ast.ClassDef):
                classes[node.name] = self._class(node)
        found = {
            "functions": functions,
            "classes": classes,
            "layers": self.layers,
            "retry_objects": self._retry_objects(),
        }
        if self.class_calls:  # (function, parameter): called as a class that may build a client
            found["class_calls"] = sorted(self.class_calls)
        return found

    def text_refs(self, value: str) -> list[Ref]:
        """A string's reference: the name of an agent's program (`"codex"`), or a command
        string that starts an agent; none for any other text."""
        if value.rsplit("/", 1)[-1] in self.agents:
            return [("text", value[:200])]
        if (
            self.catalog is not None
            and len(value) <= 200
            and any(name in value for name in self.agents)
            and command_runs_agent(value, self.catalog)
        ):
            return [("command", value)]
        return []

    def share(self, value: Shared) -> Shared:
        """An equal value made before in the module, else `value` (a tuple with its items
        shared too): a module's calls name the same callees and pass the same references
        again and again."""
        # a named tuple equals the plain tuple of its fields: told apart by its type
        given: Any = value
        key = given if type(given) is tuple else (type(given), given)
        found = self._shared.get(key)
        if found is None:
            found = given
            if type(given) is tuple:
                found = tuple(self.share(i) if type(i) is tuple else i for i in given)
            self._shared[key] = found
        return cast(Shared, found)

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
            layer = self._library_layer(statement.value, library, "decorator")
            for target in statement.targets:
                if isinstance(target, ast.Name):
                    found[target.id] = layer
        for _, function, cls in _functions(self.tree) if self.retries_named else ():
            applied = self._applied_library(function)
            if applied is None:
                applied = self._returned_loop(function)
            if applied is None:
                applied = self._returned_decorator(function)
            if applied is None:
                applied = self._retried_wrapper(function)
            if applied is not None:
                # a class whose instances decorate (`retry = Retry(…)`, then `@retry`), under
                # a key no call of the class itself (`Retry(fn)`) is taken for
                called = cls is not None and function.name == "__call__"
                if called and isinstance(applied, int):
                    label = str(self.layers[applied]["label"])
                    self.layers[applied]["label"] = label.replace(
                        "`@__call__`", f"retry class `{cls}`", 1
                    )
                found[f"{cls}.__call__" if called else function.name] = applied
        return found

    def _returned_loop(self, function: Function) -> int | None:
        """The layer of a library's retrying loop object a function builds and returns
        (`return Retrying(stop=…)`), which its callers loop over (`for a in make():`)."""
        params = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
        params += [a.arg for a in function.args.kwonlyargs]
        for node in self._returns.get(id(function), ()):
            if isinstance(node.value, ast.Call):
                library = self._library(node.value)
                if library is not None and library[0].form == "loop":
                    index = self._library_layer(node.value, library, "loop")
                    layer = self.layers[index]
                    # a class named by a parameter is bound at each call (`retry_on`)
                    layer["errors"] = [
                        ["param", v] if k == "class" and v in params else [k, v]
                        for k, v in layer["errors"]
                    ]
                    layer["names"] = params
                    return index
        return None

    def _returned_decorator(self, function: Function) -> int | None:
        """The layer of a library's retry decorator a function builds and returns
        (`def get_retry(): return retry(stop=…)`), which callers apply as
        `@get_retry()`."""
        for node in self._returns.get(id(function), ()):
            if isinstance(node.value, ast.Call):
                library = self._library(node.value)
                if library is not None and library[0].form == "decorator":
                    return self._library_layer(node.value, library, "decorator")
        return None

    def _retried_wrapper(self, function: Function) -> int | None:
        """The layer of a decorator whose wrapper a library's retry decorator wraps and
        calls the function it is given (`@retry(stop=…)` on `def wrapper(*a, **k): return
        func(*a, **k)`), also inside a factory (`def decorator(func)` in it)."""
        given = {a.arg for a in function.args.args}
        levels = [(s, given) for s in function.body if isinstance(s, Function)]
        while levels:  # each definition with the parameters of those around it
            inner, around = levels.pop()
            inside = around | {a.arg for a in inner.args.args}
            levels += [(s, inside) for s in inner.body if isinstance(s, Function)]
            for decorator in inner.decorator_list if around else ():
                library = self._library(decorator)
                if library is None or library[0].form != "decorator":
                    continue
                if not any(
                    isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in around
                    for n in walk(inner)
                ):
                    break  # it does not call a function it is given
                return self._applied_layer(decorator, library, function)
        return None

    def _applied_layer(self, node: ast.expr, library: Any, function: Function) -> int:
        """The layer of a library's retry decorator that the tree's decorator `function`
        applies to what it is given, labelled as that decorator's."""
        index = self._library_layer(node, library, "decorator")
        applied = self.layers[index]["label"]
        self.layers[index]["label"] = f"`@{function.name}` (applying {applied})"
        return index

    def _applied_library(self, function: Function) -> int | None:
        """The layer of a decorator that applies a library's retry decorator to the
        function it is given when that runs (`retry(stop=…)(method)(self, *args)`)."""
        wraps = any(isinstance(s, Function) for s in function.body) or len(function.body) <= 3
        if not function.args.args:
            return None
        # a decorator defines its wrapper, or is a line or two, or returns what it applies
        returned = {id(r.value) for r in self._returns.get(id(function), ()) if r.value}
        given = {a.arg for a in function.args.args}
        nodes = list(walk(function))
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
                and (wraps or id(node) in returned)
                and len(node.args) == 1
                and isinstance(node.args[0], ast.Name)
                and node.args[0].id in given
            ):
                continue
            func = node.func
            maker = made.get(func.id) if isinstance(func, ast.Name) else func
            library = self._library(maker) if isinstance(maker, ast.Call) else None
            if maker is not None and library is not None and library[0].form == "decorator":
                return self._applied_layer(maker, library, function)
        return None

    def _class(self, node: ast.ClassDef) -> dict[str, Any]:
        methods, properties, abstract, extends = [], [], [], []
        bases = tuple(self.imports.qualify(name) for name in base_names(node))
        # a protocol's methods are what its implementers define (they need not subclass it)
        protocol = any(base in _PROTOCOLS for base in bases)
        for item in node.body:
            if isinstance(item, Function):
                methods.append(item.name)
                if _calls_super(item):
                    extends.append(item.name)
                decorators = {dotted_name(d) for d in item.decorator_list}
                if any(map(is_property, decorators)):
                    properties.append(item.name)
                if decorators & _ABSTRACT or _raises_not_implemented(item) or protocol:
                    abstract.append(item.name)
        found: dict[str, Any] = {
            "bases": bases,
            "methods": tuple(methods),
            "properties": tuple(properties),
            "abstract": tuple(abstract),
        }
        if extends:  # overrides that run the base's method too (`super().run(…)`)
            found["extends"] = tuple(extends)
        if protocol:
            found["protocol"] = True
        typed = self._annotated(node)
        if typed:
            found["typed"] = typed
        if "__init__" not in methods:  # a dataclass, `NamedTuple`…: its call binds the fields
            fields = tuple(class_fields(node))
            if fields:
                found["fields"] = fields
        named = self._class_names(node)
        if named:
            found["names"] = named
        return found

    def _annotated(self, node: ast.ClassDef) -> dict[str, str]:
        """The class each attribute annotated in the class body names (`llm: BaseLLM`, a
        dataclass's or a model's field), qualified."""
        found: dict[str, str] = {}
        for item in node.body:
            if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                dotted = annotation_name(item.annotation)
                if dotted:
                    found[item.target.id] = self.imports.qualify(dotted)
        return found

    def _class_names(self, node: ast.ClassDef) -> dict[str, list[str]]:
        """Class-level constants that name classes, qualified (`RETRY_ERRORS =
        (RateLimitError, APIError)`): what an `except self.RETRY_ERRORS` of a method
        catches in an instance of this class."""
        found: dict[str, list[str]] = {}
        for item in node.body:
            if not isinstance(item, ast.Assign | ast.AnnAssign) or item.value is None:
                continue
            targets = item.targets if isinstance(item, ast.Assign) else [item.target]
            value = item.value
            listed = value.elts if isinstance(value, ast.Tuple | ast.List) else [value]
            names = [dotted_name(element) for element in listed]
            if not names or any(name is None for name in names):
                continue
            for target in targets:
                if isinstance(target, ast.Name):
                    found[target.id] = [self.imports.qualify(n) for n in names if n]
        return found

    def same_client(self, call: ast.Call) -> ast.expr | None:
        """The client a call returns as it is given it: a wrapper's first argument
        (`instructor.from_openai(client)`), or the receiver of `with_options(…)` that sets
        no retries."""
        dotted = dotted_name(call.func)
        return self.sdk.same_client(call, [self.imports.qualify(dotted)] if dotted else [])

    def client(self, call: ast.Call, function: FunctionFacts) -> Ref | None:
        """A client reference when `call` builds an SDK client."""
        dotted = dotted_name(call.func)
        if dotted is None:
            return None
        constructor = self.sdk.constructor(self.imports.qualify(dotted))
        if constructor is None and (kept := _kept_class(function, dotted)) is not None:
            constructor = self.sdk.constructor(self.imports.qualify(kept))  # `self._OpenAI()`
        if constructor is None and _class_parameter(call, function.params):
            # `client_class(max_retries=3)`: a client if a caller gives it an SDK's class
            # (the audit of this module asks the graph which classes its callers give)
            constructor = self.sdk.any_constructor()
            assert isinstance(call.func, ast.Name)
            self.class_calls.add((function.qualname, call.func.id))
        if constructor is None:
            return None
        site = position(call)
        retries: Any = constructor.default
        for keyword in call.keywords:
            if keyword.arg == constructor.keyword:
                value = keyword.value
                number = self._given_retries(value, constructor)
                if number is None and isinstance(value, ast.Name):  # a local's one value
                    bindings = function.locals.get(value.id, [])
                    held = {
                        self._given_retries(b[1], constructor) if b[0] == "expr" else None
                        for b in bindings
                    }
                    number = held.pop() if len(held) == 1 else None
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
                elif isinstance(value, ast.Name):  # `OpenAI(**client_kwargs)` of a local dict
                    bindings = function.locals.get(value.id, [])
                    values = [b[1] for b in bindings if b[0] == "expr"]
                    given = None
                    if len(values) == len(bindings):
                        given = mapping_key(values, function.node, value.id, constructor.keyword)
                    retries = retries if given is ABSENT else "?" if given is None else given
                else:
                    retries = "?"
        return ("client", site, retries)

    def _given_retries(self, value: ast.expr, constructor: SdkConstructor) -> int | None:
        """The retries a client is given, when known: a literal, a module constant, the
        SDK's own default (`openai.DEFAULT_MAX_RETRIES`), or the default of a lookup in
        the environment (`int(os.getenv("OPENAI_MAX_RETRIES", 2))`), which counts as
        the environment leaving it unset."""
        if isinstance(value, ast.Call) and dotted_name(value.func) == "int" and value.args:
            value = value.args[0]
        if isinstance(value, ast.Call):
            looked_up = self.imports.qualify(dotted_name(value.func) or "")
            # the environment leaving it unset; not any mapping's `get` (a config file's
            # `max_retries` is not known to be unset)
            known = looked_up in ENVIRONMENT_DEFAULTS
            default = environment_default(value) if known else None
            value = default if default is not None else value
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            return bounded_int(value.value)
        if isinstance(value, ast.Name):
            return self._constant(value.id)
        dotted = dotted_name(value) or ""
        sdk = constructor.qualified.rsplit(".", 1)[0]
        if dotted.endswith(".DEFAULT_MAX_RETRIES") and self.imports.qualify(dotted).startswith(
            f"{sdk}."
        ):
            return constructor.default
        return literal_int(value)

    def _constant(self, name: str) -> int | None:
        for statement in self.tree.body:
            if isinstance(statement, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == name for t in statement.targets
            ):
                return literal_int(statement.value)
        return None

    def _layer(self, node: ast.AST, label: str, attempts: int | None, errors: Any) -> int:
        self.layers.append(
            {
                "at": position(node),
                "label": label,
                "attempts": attempts,
                "errors": errors,
            }
        )
        return len(self.layers) - 1

    def _library_layer(
        self, node: ast.AST, found: tuple[Any, ast.Call | None, str], form: str
    ) -> int:
        """The layer a library's decorator or loop call puts at `node`."""
        library, call, qualified = found
        attempts = _attempts(call, library.attempts_keyword)
        errors = self._library_errors(library, call)
        name = qualified.rsplit(".", 1)[-1]
        label = f"`@{name}`" if form == "decorator" else f"`{name}` loop"
        return self._layer(node, label, attempts, errors)

    def retry_object(self, call: ast.Call) -> int | None:
        made = self._retry_objects_made.get(id(call))
        if made is None and self.retries_named and (found := self._library(call)) is not None:
            form = found[0].form
            if form not in ("loop", "decorator"):
                return None
            made = self._retry_objects_made[id(call)] = self._library_layer(call, found, form)
        return made

    def _iterated_retrier(
        self, loop: ast.For | ast.AsyncFor, function: FunctionFacts, outer: LayerRef
    ) -> int | None:
        """A loop over a value that may hold a library's retrying object made elsewhere
        (`for attempt in retrying:` with `with attempt:` in its body, tenacity's form),
        passed as a parameter or kept on the instance: a layer resolved with the graph."""
        if not isinstance(loop.target, ast.Name):
            return None
        names = {loop.target.id}  # the attempt, and names given it (`last = attempt`)
        for statement in loop.body:
            if (
                isinstance(statement, ast.Assign)
                and isinstance(statement.value, ast.Name)
                and statement.value.id in names
            ):
                names |= {t.id for t in statement.targets if isinstance(t, ast.Name)}
        attempt = any(
            isinstance(item.context_expr, ast.Name) and item.context_expr.id in names
            for statement in loop.body
            if isinstance(statement, ast.With | ast.AsyncWith)
            for item in statement.items
        )
        refs = function.refs(loop.iter) if attempt else []
        return self._held_layer(loop, refs, function, outer) if refs else None

    def _held_layer(
        self, node: ast.AST, refs: list[Ref], function: ValueRefs, outer: LayerRef
    ) -> int:
        """A layer at `node` that is the retrying object `refs` of `function` hold, resolved
        with the graph (`RetryReach`); `outer`, the layer around it, holds if they hold none."""
        index = self._layer(node, "", None, [])
        where = function.qualname or "<module>"
        self.layers[index] |= {"iterated": refs, "in": where, "within": outer}
        return index

    def _returned_retrier(self, node: ast.expr) -> tuple[str, ast.Call] | None:
        """The tree's function whose call a loop iterates (`for a in make_retrying(…):`),
        and that call; a local name holding the call is read through by the caller."""
        if not isinstance(node, ast.Call) or (dotted := dotted_name(node.func)) is None:
            return None
        qualified = self.imports.qualify(dotted)
        if qualified in self.steps.libraries or "." not in qualified:
            return None
        return qualified, node

    def _returned_layer(
        self, loop: ast.AST, qualified: str, call: ast.Call, outer: LayerRef
    ) -> int:
        """A loop over what `qualified` returns: a layer if that is a library's retrying
        object (resolved with the graph), with the exception classes this call gives to
        the parameters its errors name (`retry_on=(OpenAIError,)`)."""
        bound = self._bound_classes(call)
        index = self._layer(loop, "", None, [])
        # `within`: the layer around the loop, which stays when what it iterates is no
        # retrying object (`for name in os.listdir(…)` inside a `Retrying` loop)
        self.layers[index] |= {"returned": qualified, "bound": bound, "within": outer}
        return index

    def _bound_classes(self, call: ast.Call) -> dict[str, list[list[str]] | None]:
        self._ast_facts = self._ast_facts or AstFacts(self.tree)
        return bound_classes(call, self._ast_facts, self.blanket)

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

    def decorator_layer(
        self, function: Function, cls: str | None, facts: FunctionFacts | None = None
    ) -> int | str | None:
        """The layer a retry decorator puts around the whole function: a library's (a
        number), or a name of the tree to look up among its retry decorators (a method
        of the class whose `self` the function reads: `@self._retry_with_backoff`), or a
        local of the enclosing function that holds one (`retrying = self._make_retry()`,
        then `@retrying` on a closure), resolved with the graph."""
        named: list[tuple[ast.expr, str]] = []  # the tree's, each a retry decorator maybe
        outer = facts.outer if facts is not None else None
        for decorator in function.decorator_list:
            if isinstance(decorator, ast.Name) and outer is not None:
                held = outer.refs(decorator) if decorator.id in outer.locals else []
                if held and not self._generator(function):
                    return self._held_layer(decorator, held, outer, None)
            found = self._library(decorator)
            if found is not None and found[0].form == "decorator":
                if self._generator(function):
                    return None  # a generator's decorators retry nothing (`is_generator`)
                return self._library_layer(decorator, found, "decorator")
            dotted = dotted_name(decorator.func if isinstance(decorator, ast.Call) else decorator)
            if dotted is not None and not is_property(dotted) and dotted not in _BUILTIN_DECORATORS:
                qualified = self.imports.qualify(dotted)
                head, _, attribute = dotted.partition(".")
                if head in ("self", "cls") and cls is not None and "." not in attribute:
                    qualified = f"{self.imports.own}.{cls}.{attribute}"
                elif "." not in qualified and self.imports.own:  # a class body's own decorator
                    qualified = f"{self.imports.own}.{qualified}"
                named.append((decorator, qualified))
        if not named or self._generator(function):
            return None
        return DECORATORS_SEPARATOR.join(self._decorator_ref(d, q) for d, q in named)

    def _reads_input(self, loop: ast.While) -> bool:
        """Whether a loop's body asks its user for input (`input()`, `Prompt.ask(…)`), also
        through a function of the module that does."""
        if self._prompting is None:
            self._prompting = frozenset(
                node.name
                for node in self.tree.body
                if isinstance(node, Function) and any(map(_prompts, walk(node)))
            )
        prompting = self._prompting
        return any(
            _prompts(node)
            or (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in prompting
            )
            for statement in loop.body
            for node in walk(statement)
        )

    def _generator(self, function: Function) -> bool:
        """`is_generator`, not walked in a module whose text has no `yield`."""
        return self.yields and is_generator(function)

    def _decorator_ref(self, decorator: ast.expr, qualified: str) -> str:
        """A reference to a decorator of the tree at its place, with the classes its call
        gives the factory's parameters (`@retrying((E1, E2))`) in a layer entry."""
        ref = f"decorator:{qualified}@{position(decorator)}"
        bound = self._bound_classes(decorator) if isinstance(decorator, ast.Call) else {}
        readable = {k: v for k, v in bound.items() if v is not None}
        if readable:
            index = self._layer(decorator, "", None, [])
            self.layers[index]["bound"] = readable
            ref += f"{BOUND_MARK}{index}"
        return ref

    def loop_layer(
        self, loop: ast.For | ast.AsyncFor | ast.While, function: FunctionFacts, outer: LayerRef
    ) -> LayerRef:
        """The layer a loop is: `for attempt in Retrying(…)`, or a hand-written loop that
        goes on after catching a failure of its `try` and leaves on success. A `while`
        loop that reads what to do from its user each turn (a chat prompt) is none: after
        a failure it sends what the user types next, new work."""
        if isinstance(loop, ast.While) and self._reads_input(loop):
            return None
        if isinstance(loop, ast.For | ast.AsyncFor):
            found = self._library(loop.iter)
            if found is not None and found[0].form == "loop":
                return self._library_layer(loop, found, "loop")
            iterated = loop.iter  # `retryer = make(…)`, then `for attempt in retryer:`
            if isinstance(iterated, ast.Name):
                iterated = function.held_value(iterated.id) or iterated
                found = self._library(iterated) if isinstance(iterated, ast.Call) else None
                if found is not None and found[0].form == "loop":  # `r = Retrying(…)`
                    return self._library_layer(loop, found, "loop")
            returned = self._returned_retrier(iterated)
            if returned is not None:
                return self._returned_layer(loop, *returned, outer)
            if (passed := self._iterated_retrier(loop, function, outer)) is not None:
                return passed
            if repetition(loop.iter, function.held_value) is None and not delay_schedule(loop):
                return None
        inside = [n for s in loop.body for n in (s, *statements(s, definitions=False))]
        tries = [n for n in inside if isinstance(n, ast.Try | ast.TryStar)]
        assigned = isinstance(loop, ast.While) and _test_assigned(loop, inside)
        leaves = assigned or leaves_outside_handlers(loop.body)
        self._ast_facts = self._ast_facts or AstFacts(self.tree)
        for node in tries if leaves else ():
            if not assigned and not success_leaves(loop, node):
                continue  # its failures reach every way out its successes do: new work
            names: list[str] = []
            narrowed: list[list[str]] = []
            left: list[str] = []  # the classes of the clauses before that leave the loop
            falls_on = not leaves_after(loop.body, node)
            for handler in node.handlers:
                # what it goes round for: none (it leaves on every way), the failures a
                # test in it picks (`if "rate" in str(e): continue`), or what it catches
                going = handler_errors(handler, self._ast_facts, self.blanket, falls_on=falls_on)
                if going is None:
                    left += self._handler_classes(handler, function)
                    continue
                if going.every and left and not names:  # every failure but theirs
                    narrowed += [["except", name] for name in left]
                    continue
                if not going.every and any(t.kind != "class" for t in going.tests):
                    narrowed += [[t.kind, t.value] for t in going.tests]
                else:
                    names += self._handler_classes(handler, function) or ["?"]
            if names or narrowed:
                caught = class_errors(names, self.blanket) if names else None
                every = caught is not None and caught.every  # no pairs: every failure
                tests = caught.tests if caught is not None else ()
                pairs = [] if every else [[t.kind, t.value] for t in tests] + narrowed
                layer = self._layer(loop, "retry loop", _loop_attempts(loop), pairs)
                function.retry_tries[id(node)] = layer
        if leaves:  # (beside the layer of its `try`s, for the failures a callee returns)
            self._value_layer(loop, inside, function)
        return None

    def _value_layer(
        self, loop: ast.For | ast.AsyncFor | ast.While, inside: list[ast.AST], function: Any
    ) -> None:
        """A loop that goes round on a failed *result* (`r = ask(p)`, then `if r["ok"]:
        break`): a retry of the failures the called function turns into values (its
        `except Exception: return {"ok": False}`), registered on the call that gives it."""
        raising = raised_round(loop)  # `if r.error: raise …` that the loop's `try` retries
        leaving = [
            node
            for node in inside
            if isinstance(node, ast.If)
            and (leaves_outside_handlers(node.body) or _retries_failed(node) or id(node) in raising)
        ]
        tested = {n.id for test in leaving for n in walk(test.test) if isinstance(n, ast.Name)}
        # a marker whose presence in the result leaves the loop (`if "Error: " in r: return
        # r`): a failure returned with it is not sent again (`CallGraph` reads the texts
        # the function under the loop returns where it catches a failure)
        markers = sorted(
            {
                m
                for test in leaving
                if leaves_outside_handlers(test.body)
                for m in _markers(test.test)
            }
        )
        for node in inside:
            value = node.value if isinstance(node, ast.Assign) else None
            value = value.value if isinstance(value, ast.Await) else value
            if not isinstance(value, ast.Call) or not isinstance(node, ast.Assign):
                continue
            names = [t.id for t in node.targets if isinstance(t, ast.Name)]
            if any(name in tested for name in names):
                label = "retry loop on a returned failure"
                layer = self._layer(loop, label, _loop_attempts(loop), [])
                self.layers[layer]["value"] = True
                if markers:
                    self.layers[layer]["leaves_on"] = markers
                function.value_calls[id(value)] = layer

    def recursion_layers(self, node: Function, function: FunctionFacts) -> None:
        """A `try` whose clause catches a failure and calls the function again
        (`except APIError: time.sleep(30); return self._run_single(prompt)`): a retry."""
        for candidate in function.tries:
            again = [h for h in candidate.handlers if _calls_itself(h, node)]
            if again:
                names = [n for h in again for n in self._handler_classes(h, function)]
                pairs = [[t.kind, t.value] for t in class_errors(names, self.blanket).tests]
                layer = self._layer(candidate, "retry by recursion", None, pairs)
                function.retry_tries[id(candidate)] = layer

    def _handler_classes(self, handler: ast.ExceptHandler, function: FunctionFacts) -> list[str]:
        """The classes an `except` catches: names, tuples, and a tuple given as a module
        constant or a parameter's default (`except errors:` with `errors=(A, B)`)."""
        node = handler.type
        if isinstance(node, ast.Name) and isinstance(function.defaults.get(node.id), list):
            return list(function.defaults[node.id])
        self._ast_facts = self._ast_facts or AstFacts(self.tree)
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "self"
            and function.cls is not None
        ):
            stored = self._stored_classes(function.cls, node.attr)
            if stored:
                return stored
        return self._ast_facts.classes(node) if node is not None else []

    def _stored_classes(self, cls: str, attribute: str) -> list[str]:
        """The classes the class (or a base of the module) stores in `self.ATTR` (`except
        self.retry_on:` with `self.retry_on = retry_on` and `retry_on=(ProviderError,)`):
        a literal, or a parameter's default; none when a store is anything else."""
        assert self._ast_facts is not None
        attributes = class_attributes(self.tree)
        found: list[str] = []
        for stored in attributes.assigned(attribute, attributes.lineage(cls)):
            value = stored.value
            if stored.method is not None and isinstance(value, ast.Name):
                value = parameter_defaults(stored.method).get(value.id, value)
            names = self._ast_facts.classes(value)
            if not names or "?" in names:
                return []
            found += names
        return found

    def retrier_call(self, call: ast.Call, function: FunctionFacts) -> tuple[int, Ref] | None:
        """A call of a retrying object (`Retrying(…)(fn, …)`, `retrier(fn, …)`): the layer
        and the function it runs."""
        found = self._called_library(call, function, "loop")
        if found is None:
            return None
        library, made, qualified = found
        attempts = _attempts(made, library.attempts_keyword)
        errors = self._library_errors(library, made)
        layer = self._layer(made, f"`{qualified.rsplit('.', 1)[-1]}` object", attempts, errors)
        target = function.callee(call.args[0])
        return None if target is None else (layer, target)

    def applied_decorator(self, call: ast.Call, function: FunctionFacts) -> int | str | None:
        """The layer of a library's retry decorator a call applies to the function it is
        given (`retry(stop=…)(self._call_api)`, or `decorate(self._call_api)` after
        `decorate = retry(stop=…)`); that function runs under it when the wrapper does.
        For a decorator factory of the tree (`retry_decorator = async_retry(config)`, then
        `retry_decorator(self._make_request)`), a reference to it, as `decorator_layer`."""
        found = self._called_library(call, function, "decorator")
        if found is not None:
            return self._library_layer(found[1], found, "decorator")
        origin = self._local_origin(call.func, function, only=True)
        if not isinstance(origin, ast.Call) or len(call.args) != 1:
            return None
        given = call.args[0]
        if not (isinstance(given, ast.Attribute | ast.Name) and self._library(origin) is None):
            return None
        dotted = dotted_name(origin.func)
        head = (dotted or "").split(".", 1)[0]
        if dotted is None or (head not in self.imports.names and head not in self.imports.defined):
            return None  # a factory of the tree, named through the module's imports
        return self._decorator_ref(origin, self.imports.qualify(dotted))

    def _local_origin(
        self, func: ast.expr, function: FunctionFacts, *, only: bool = False
    ) -> ast.expr | None:
        """What a called expression is: itself, or the value a local name holds first
        (`only`: its one value, else None)."""
        if isinstance(func, ast.Name) and func.id in function.locals:
            bindings = function.locals[func.id]
            if only and len(bindings) != 1:
                return None
            return bindings[0][1] if bindings[0][0] == "expr" else None
        return func

    def _called_library(
        self, call: ast.Call, function: FunctionFacts, form: str
    ) -> tuple[Any, ast.Call, str] | None:
        """The library object of `form` that a call with arguments calls: one a call makes
        there, or that a local name holds (`retrier = Retrying(…)`)."""
        origin = self._local_origin(call.func, function)
        if origin is None or not isinstance(origin, ast.Call) or not call.args:
            return None
        found = self._library(origin)
        if found is None or found[0].form != form:
            return None
        return found[0], origin, found[2]


# parameters named for the class they are given (`client_class`, `llm_cls`)
_CLASS_PARAMETER = re.compile(r".+_(?:class|cls)")


def _class_parameter(call: ast.Call, params: Collection[str]) -> bool:
    """Whether a call calls a parameter that may hold an SDK client's class: named for a
    class, or given the SDK's retries keyword."""
    func = call.func
    if not isinstance(func, ast.Name) or func.id not in params:
        return False
    retries = any(k.arg == "max_retries" for k in call.keywords)
    return retries or _CLASS_PARAMETER.fullmatch(func.id) is not None


def _functions(tree: ast.Module) -> Iterator[tuple[str, Function, str | None]]:
    for node in tree.body:
        if isinstance(node, Function):
            yield node.name, node, None
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, Function):
                    yield f"{node.name}.{item.name}", item, node.name


def _kept_class(function: FunctionFacts, dotted: str) -> str | None:
    """The class a method stores on its instance and calls there (`self._OpenAI = OpenAI`,
    then `self._OpenAI(…)`): the name it stores, read in the same method."""
    receiver, _, attribute = dotted.partition(".")
    if receiver not in ("self", "cls") or not attribute or "." in attribute:
        return None
    for node in function.bindings:
        if not isinstance(node, ast.Assign):
            continue
        stored = any(
            isinstance(t, ast.Attribute)
            and t.attr == attribute
            and isinstance(t.value, ast.Name)
            and t.value.id == receiver
            for t in node.targets
        )
        if stored and isinstance(node.value, ast.Name | ast.Attribute):
            return dotted_name(node.value)
    return None


def _prompts(node: ast.AST) -> bool:
    """Whether a node is a call that reads a line its user types (`input()`,
    `sys.stdin.readline()`, rich's `Prompt.ask`, click's `prompt`)."""
    if not isinstance(node, ast.Call):
        return False
    name = dotted_name(node.func) or ""
    return name in _INPUT_CALLS or name.endswith(_INPUT_SUFFIXES)


def _markers(test: ast.expr) -> list[str]:
    """The strings a test looks for in a value (`"Error: " in r`, `r.startswith("Error")`)."""
    found = []
    for node in walk(test):
        if (
            isinstance(node, ast.Compare)
            and len(node.ops) == 1
            and isinstance(node.ops[0], ast.In)
            and isinstance(node.left, ast.Constant)
            and isinstance(node.left.value, str)
        ):
            found.append(node.left.value)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "startswith"
            and len(node.args) == 1
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.append(node.args[0].value)
    return [marker for marker in found if marker]


def _retries_failed(branch: ast.If) -> bool:
    """Whether an `if` sends its loop round at once (`continue`) when a value is a
    failure: an exception (`isinstance(r, Exception)`, what `except … as e: return e`
    gives), None or false (`if r is None`, `if not r`). In a loop that leaves another
    way, that test decides between another attempt and leaving; a test of anything
    else (`if r.needs_review: continue`) is a judgement of a result, not its failure."""
    if not branch.body or not isinstance(branch.body[-1], ast.Continue):
        return False
    test = branch.test
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return isinstance(test.operand, ast.Name)
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        right = test.comparators[0]
        return (
            isinstance(test.left, ast.Name)
            and isinstance(test.ops[0], ast.Is)
            and isinstance(right, ast.Constant)
            and right.value is None
        )
    if not (isinstance(test, ast.Call) and dotted_name(test.func) == "isinstance"):
        return False
    if len(test.args) != 2 or not isinstance(test.args[0], ast.Name):
        return False
    return all(name.endswith(("Exception", "Error")) for name in class_names(test.args[1]))


def _test_assigned(loop: ast.While, inside: list[ast.AST]) -> bool:
    """Whether the loop goes round until a `try` sets a name its test waits on (`while
    answer is None:` … `try: answer = response.text`): it leaves when that succeeds."""
    test = loop.test
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test = test.operand  # `while not answer:`
    elif isinstance(test, ast.Compare) and len(test.ops) == 1:
        none = isinstance(test.comparators[0], ast.Constant) and test.comparators[0].value is None
        test = test.left if none and isinstance(test.ops[0], ast.Is | ast.Eq) else test
    if not isinstance(test, ast.Name):
        return False
    tried = [
        n
        for t in inside
        if isinstance(t, ast.Try | ast.TryStar)
        for s in t.body
        for n in (s, *statements(s, definitions=False))
    ]
    return any(
        isinstance(n, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == test.id for t in n.targets)
        and not any(isinstance(v, ast.Name) and v.id == test.id for v in ast.walk(n.value))
        for n in tried
    )


def _attempts(call: ast.Call | None, keyword: str | None) -> int | None:
    for item in call.keywords if call is not None else ():
        if item.arg == keyword:
            return literal_int(item.value)
        if item.arg == "stop" and isinstance(item.value, ast.Call) and item.value.args:
            return literal_int(item.value.args[0])
    return None


def _loop_attempts(loop: ast.For | ast.AsyncFor | ast.While) -> int | None:
    if isinstance(loop, ast.For | ast.AsyncFor) and isinstance(loop.iter, ast.Call):
        arguments = loop.iter.args
        return (
            literal_int(arguments[-1] if len(arguments) == 1 else arguments[1])
            if arguments
            else None
        )
    test = loop.test if isinstance(loop, ast.While) else None
    if isinstance(test, ast.Compare) and len(test.comparators) == 1:
        return literal_int(test.comparators[0])
    return None


def _calls_itself(handler: ast.ExceptHandler, function: Function) -> bool:
    """Whether an `except` clause calls the function it is in (`f(…)`, `self.f(…)`)."""
    for statement in handler.body:
        for node in walk(statement):
            if isinstance(node, ast.Call):
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else dotted_name(func)
                if name == function.name:
                    return True
    return False


def _calls_super(function: Function) -> bool:
    """Whether a method calls the method of the same name of its base (`super().run(…)`)."""
    return any(
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == function.name
        and isinstance(node.func.value, ast.Call)
        and isinstance(node.func.value.func, ast.Name)
        and node.func.value.func.id == "super"
        for node in ast.walk(function)
    )


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
    importing: str | None = None,
    catalog: AgentCatalog | None = None,
) -> dict[str, Any]:
    """The call-graph facts of a parsed module named `own` (its `text`, for a quick look
    at whether it names a retry library at all; `agents`: the agents' command names, the
    strings followed as programs; `importing`: the name its relative imports are read
    from, when not `own`: `ast_values.import_origin`)."""
    facts = ModuleFacts(tree, own, steps, sdk, steps.blanket_exceptions, importing)
    facts.agents, facts.catalog = agents, catalog
    facts.retries_named = any(word in text for word in ("retry", "backoff", "stamina"))
    facts.yields = "yield" in text
    data = facts.data()
    # Whether every function of the module has its facts: a `def` nested past
    # `_MAX_NESTING`, in a nested class or in a module-level `if` has none, and a
    # question the facts answer for the whole module (which modules call a step) is
    # then asked of its text instead. Counted on the text: a `def` in a string only
    # makes the module look incomplete.
    data["complete"] = len(data["functions"]) - 1 >= len(_DEFINITION.findall(text))
    return data
