"""One module's facts for the project call graph: its classes, and per function the calls
it makes, the values they carry, the requests it sends and the retry layers around them.

Everything is data (tuples, strings and numbers; each call a `auditor.project.CallFacts`,
its equal values shared within the module), so it is cached with the module's summary
and sent to worker processes. A value is a *reference*, a short tuple:

- `("client", SITE, RETRIES)`: an SDK client built at SITE ("line:column"); RETRIES is
  an integer, "?" (unknown), "param:NAME" (the function's parameter gives it, bound
  at each call: one caller may pass 0 while another keeps the default) or
  "spread:QUALIFIED:KEYWORDS" (a module's dict constant spread into the constructor: the
  graph reads the number the dict gives the first of the keywords, `|`-joined, it holds
  from that module's `mappings`);
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
import functools
import re
from collections.abc import Callable, Collection
from typing import Any, cast

from auditor.numbers import bounded_int
from auditor.profiles import AgentCatalog, program_name
from auditor.python.model.ast_values import (
    Function,
    annotation_names,
    assignment,
    base_names,
    called_names,
    class_fields,
    class_named,
    classes_named,
    dotted_name,
    is_property,
    item_names,
    module_statements,
    top_functions,
)
from auditor.python.model.class_attributes import SetAttribute, attributes_set, class_attributes
from auditor.python.model.imports import Imports
from auditor.python.model.mapping_keys import ABSENT, key_set_before, mapping_key
from auditor.python.model.value_calls import ENVIRONMENT_DEFAULTS, environment_default
from auditor.python.runner.agent_objects import decorated_tools, made_agent
from auditor.python.runner.agent_words import command_runs_agent
from auditor.python.runner.function_facts import FunctionFacts, Shared
from auditor.python.runner.library_layers import defined_functions
from auditor.python.runner.loop_layers import LoopLayers
from auditor.python.runner.sdk_catalog import SdkCatalog, SdkConstructor
from auditor.python.runner.steps import StepCatalog
from auditor.python.runner.value_refs import Ref, literal_int, position

_ABSTRACT = frozenset({"abstractmethod", "abc.abstractmethod"})
_PROTOCOLS = frozenset({"typing.Protocol", "typing_extensions.Protocol"})
_MAX_NESTING = 3  # functions nested deeper than this are not in the facts
_DEFINITION = re.compile(r"^[ \t]*(?:async[ \t]+)?def[ \t]", re.MULTILINE)


class ModuleFacts(LoopLayers):
    """The call-graph facts of one module (`data()` is what the index keeps): its
    functions' and classes', beside its retry layers."""

    def __init__(
        self,
        tree: ast.Module,
        own: str,
        steps: StepCatalog,
        sdk: SdkCatalog,
        blanket: frozenset[str],
        importing: str | None = None,
    ) -> None:
        super().__init__(tree, Imports(tree, own, importing or own), steps, blanket)
        self.sdk = sdk
        self.agents: frozenset[str] = frozenset()  # command names followed as programs
        self.catalog: AgentCatalog | None = None  # what starts an agent, for command strings
        self._shared: dict[Any, Any] = {}  # each value `share` was given, by itself
        self.class_calls: set[tuple[str, str]] = set()  # see `client`
        # per function (its node), the classes each name it keeps one in holds
        self._kept: dict[ast.AST, dict[str, list[str]]] = {}

    def data(self) -> dict[str, Any]:
        functions: dict[str, Any] = {}
        classes: dict[str, Any] = {}
        module = FunctionFacts(self, self.tree, None)
        module.read()
        functions["<module>"] = module.data()
        pending: list[tuple[str, Function, str | None, bool, FunctionFacts | None]]
        pending = [(q, f, c, True, None) for q, f, c in defined_functions(self.tree)]
        while pending:  # the last definitions first
            qualname, function, cls, method, outer = pending.pop()
            if qualname in functions:
                continue  # of several definitions (`@overload`s), the last one runs
            facts = FunctionFacts(self, function, cls, qualname, method, outer)
            facts.read()
            functions[qualname] = facts.data()
            self.returned[id(function)] = facts.returned
            if qualname.count(".") < _MAX_NESTING:  # closures: `def attempt(): …` inside
                pending += [
                    (inner, n, cls, False, facts)
                    for n in facts.definitions
                    if (inner := facts.nested.get(n.name))
                ]
        for node in module_statements(self.tree):
            if isinstance(node, ast.ClassDef):
                classes[node.name] = self._class(node)
        found = {
            "functions": functions,
            "classes": classes,
            "layers": self.layers,
            "retry_objects": self.retry_objects(),
        }
        if self.class_calls:  # (function, parameter): called as a class that may build a client
            found["class_calls"] = sorted(self.class_calls)
        if mappings := self._mappings():
            found["mappings"] = mappings
        return found

    def _mappings(self) -> dict[str, dict[str, int]]:
        """The module's dict constants that set a client's retries keyword, by name, with
        the number they set (`default_client_kwargs = {"max_retries": 0}`): another
        module's `OpenAI(**default_client_kwargs)` is built with it."""
        keywords = self.sdk.keywords()
        found: dict[str, dict[str, int]] = {}
        for node in module_statements(self.tree):
            targets, value = assignment(node)  # also `KWARGS: dict[str, Any] = {…}`
            if len(targets) != 1 or not isinstance(targets[0], ast.Name):
                continue
            if not isinstance(value, ast.Dict):
                continue
            name = targets[0].id
            for key in value.keys:
                if isinstance(key, ast.Constant) and key.value in keywords:
                    number = mapping_key([value], self.tree, name, key.value)
                    if isinstance(number, int):
                        found.setdefault(name, {})[key.value] = number
        return found

    def text_refs(self, value: str) -> list[Ref]:
        """A string's reference: the name of an agent's program (`"codex"`), or a command
        string that starts an agent; none for any other text."""
        if program_name(value) in self.agents:  # also `C:\\…\\codex.exe`
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
        assigned = attributes_set(node)
        typed = self._annotated(assigned, annotation_names)
        if typed:
            found["typed"] = typed
        items = self._annotated(assigned, item_names)  # of its containers: what they hold
        if items:
            found["items"] = items
        if "__init__" not in methods:  # a dataclass, `NamedTuple`…: its call binds the fields
            fields = tuple(class_fields(node))
            if fields:
                found["fields"] = fields
        named = self._class_names(assigned)
        if named:
            found["names"] = named
        return found

    def _annotated(
        self, assigned: list[SetAttribute], read: Callable[[ast.expr | None], tuple[str, ...]]
    ) -> dict[str, str]:
        """The classes each attribute annotated in the class body names as `read` reads
        its annotation (`llm: BaseLLM`, a dataclass's or a model's field), or in a method
        (`self.providers: dict[str, Provider] = {}`), qualified."""
        found: dict[str, str] = {}
        for name, item, _ in assigned:
            names = read(item.annotation) if isinstance(item, ast.AnnAssign) else ()
            if names:
                found.setdefault(name, "|".join(self.imports.qualify(n) for n in names))
        return found

    def _class_names(self, assigned: list[SetAttribute]) -> dict[str, list[str]]:
        """Class-level constants that name classes, qualified (`RETRY_ERRORS =
        (RateLimitError, APIError)`): what an `except self.RETRY_ERRORS` of a method
        catches in an instance of this class; and tuples of them a method stores on the
        instance (`self._retry_exceptions = (anthropic.RateLimitError, …)` in `__init__`),
        for `retry_if_exception_type(self._retry_exceptions)`."""
        found: dict[str, list[str]] = {}
        for name, item, in_body in assigned:
            value = item.value
            if value is None:
                continue
            tuple_of = isinstance(value, ast.Tuple | ast.List)
            listed = value.elts if isinstance(value, ast.Tuple | ast.List) else [value]
            names = [dotted_name(element) for element in listed]
            if not names or any(n is None for n in names) or not (in_body or tuple_of):
                continue
            qualified = [self.imports.qualify(n) for n in names if n]
            if in_body:
                found[name] = qualified
            else:
                found.setdefault(name, qualified)
        return found

    def same_client(self, call: ast.Call) -> ast.expr | None:
        """The client a call returns as it is given it: a wrapper's first argument
        (`instructor.from_openai(client)`), or the receiver of `with_options(…)` that sets
        no retries."""
        return self.sdk.same_client(call, [self.imports.qualify(n) for n in self.called(call)])

    def sends_itself(
        self, call: ast.Call, held: Callable[[str], ast.expr | None] | None = None
    ) -> bool:
        """Whether a call is a request function's, sent through the client it builds
        (`litellm.completion(…)`, `lite.acompletion(…)` after `lite = _litellm()`)."""
        names = self.called(call, held)
        found = (self.sdk.constructor(self.imports.qualify(n)) for n in names)
        return any(constructor is not None and constructor.sends for constructor in found)

    def names_function(self, given: ast.expr, cls: str | None) -> bool:
        """Whether an argument names a function to run: a lambda, a function of the
        module or a name it imports (`launch`), a method of `cls` on `self`, or a name
        read off another object (`subprocess.run`, `worker.step`); not a parameter, a
        local or a field holding data (`self.model`)."""
        if isinstance(given, ast.Lambda):
            return True
        if isinstance(given, ast.Name):
            return given.id in self._functions or given.id in self.imports.names
        if not isinstance(given, ast.Attribute):
            return False
        if isinstance(given.value, ast.Name) and given.value.id == "self":
            return cls is not None and given.attr in self._methods(cls)
        return True

    def _methods(self, cls: str) -> frozenset[str]:
        """The names of the functions a top-level class of the module defines."""
        return frozenset(
            m.name
            for c in module_statements(self.tree)
            if isinstance(c, ast.ClassDef) and c.name == cls
            for m in c.body
            if isinstance(m, Function)
        )

    def called(
        self, call: ast.Call, held: Callable[[str], ast.expr | None] | None = None
    ) -> list[str]:
        """The dotted names of what a call may call, as written (`called_names`; `held`:
        the one value of a local name, in the function the call is in)."""
        return called_names(call.func, self._functions, self.imports.names, held)

    @functools.cached_property
    def _functions(self) -> dict[str, Function]:
        """The module's top-level functions, by name."""
        return top_functions(self.tree)

    def given_clients(self, function: Function) -> list[ast.arg]:
        """The parameters a function must be given an SDK client in (`client: OpenAI`)."""
        return [argument for argument, _ in self.sdk.given_clients(function, self.imports.qualify)]

    def agent_object(self, call: ast.Call) -> Ref | None:
        """The reference of the agent object a call makes (`create_react_agent(…)`)."""
        dotted = dotted_name(call.func)
        qualified = self.imports.qualify(dotted) if dotted else None
        if qualified is None or qualified not in self.steps.agent_makers:
            return None
        return made_agent(call, qualified, self.steps, position(call) in self._tooled)

    @functools.cached_property
    def _tooled(self) -> frozenset[str]:
        """Where the agents the module gives tools by decorators are made (found only for
        a module that makes an agent object: two walks of its tree)."""
        return decorated_tools(self.tree)

    def client(self, call: ast.Call, function: FunctionFacts) -> Ref | None:
        """A client reference when `call` builds an SDK client."""
        names = self.called(call, function.held_value)
        if not names:
            return None
        dotted = names[0]
        made = (self.sdk.constructor(self.imports.qualify(n)) for n in names)
        constructor = next((c for c in made if c is not None), None)
        if constructor is None:  # `self._OpenAI()`, `cls = _require("openai", ChatOpenAI)`
            if function.node not in self._kept:
                self._kept[function.node] = _kept_classes(function)
            kept = self._kept[function.node].get(dotted, [])
            if function.cls is not None:  # (`self._anthropic.Anthropic()`: a kept module's)
                kept = [*kept, *class_attributes(self.tree).through_kept(function.cls, dotted)]
            found = (self.sdk.constructor(self.imports.qualify(k)) for k in kept)
            constructor = next((c for c in found if c is not None), None)
        if constructor is None and _class_parameter(call, function.params):
            # `client_class(max_retries=3)`: a client if a caller gives it an SDK's class
            # (the audit of this module asks the graph which classes its callers give)
            constructor = self.sdk.any_constructor()
            assert isinstance(call.func, ast.Name)
            self.class_calls.add((function.qualname, call.func.id))
        if constructor is None or constructor.unretried_model(call):
            return None
        site = position(call)
        retries: Any = constructor.default
        # a keyword written in the call is the value: a mapping spread beside it cannot
        # hold it too (`ctor(max_retries=1, **kwargs)`; both would be a TypeError); of
        # two that set it, the one that wins (`num_retries` over `max_retries`)
        setting = [k.arg for k in call.keywords if k.arg in constructor.setting]
        first = min(setting, key=constructor.setting.index) if setting else None
        for keyword in call.keywords:
            if keyword.arg is None and first is not None:
                continue
            if keyword.arg is not None and keyword.arg != first:
                continue
            if keyword.arg is not None:  # the one that sets it
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
                    keys = "|".join(constructor.setting)  # (the first a caller gives)
                    retries = f"kwarg:{keys}:{constructor.default}"
                elif (
                    isinstance(value, ast.Name)
                    and (value.id in self.imports.names or value.id in self.imports.defined)
                    and not (value.id in function.locals or value.id in function.params)
                    and not function.binds(value.id)
                ):  # a module's dict constant, read by the graph (`mappings`)
                    qualified = self.imports.qualify(value.id)
                    retries = f"spread:{qualified}:{'|'.join(constructor.setting)}"
                elif isinstance(value, ast.Name):  # `OpenAI(**client_kwargs)` of a local dict
                    retries = self._local_mapping(call, value.id, function, constructor)
                else:
                    retries = "?"
        return ("client", site, retries)

    def _local_mapping(
        self, call: ast.Call, name: str, function: FunctionFacts, constructor: SdkConstructor
    ) -> Any:
        """The retries local dict `name` spread into a constructor's call gives it: a key
        set on the way to the call (`params.update(num_retries=0)`), else what the
        dict's assignments hold (the constructor's default when none sets it)."""
        bindings = function.locals.get(name, [])
        values = [b[1] for b in bindings if b[0] == "expr"]
        found: list[Any] = []  # (one the mapping may hold gives way to one it sets)
        for keyword in constructor.setting:
            set_before = key_set_before(function.node, call, name, keyword)
            if set_before is not None:
                found.append(self._given_retries(set_before, constructor))
                continue
            given = None
            if len(values) == len(bindings):
                given = mapping_key(values, function.node, name, keyword)
            if given is not ABSENT:
                found.append(given)
        if not found:
            return constructor.default
        return next((f for f in found if f is not None), "?")

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
        for statement in module_statements(self.tree):
            if isinstance(statement, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == name for t in statement.targets
            ):
                return literal_int(statement.value)
        return None


# parameters named for the class they are given (`client_class`, `llm_cls`)
_CLASS_PARAMETER = re.compile(r"(?:.+_)?(?:class|cls)|klass")


def _class_parameter(call: ast.Call, params: Collection[str]) -> bool:
    """Whether a call calls a parameter that may hold an SDK client's class: named for a
    class, or given the SDK's retries keyword."""
    func = call.func
    if not isinstance(func, ast.Name) or func.id not in params:
        return False
    retries = any(k.arg == "max_retries" for k in call.keywords)
    return retries or _CLASS_PARAMETER.fullmatch(func.id) is not None


def _kept_classes(function: FunctionFacts) -> dict[str, list[str]]:
    """The classes a function keeps in a name and calls there, by the name as a call
    writes it: on its instance (`self._OpenAI = OpenAI`, then `self._OpenAI(…)`) or in a
    local where it is computed, as the module model reads it (`ClientClass =
    getattr(anthropic, "Anthropic", None) or …`, `cls = _require("openai", ChatOpenAI)`),
    every class an assignment keeps there (`if`/`elif` arms); read in one pass."""
    found: dict[str, list[str]] = {}
    functions = function.owner.ast_facts().functions
    for node in function.bindings:
        if not isinstance(node, ast.Assign):
            continue
        computed = isinstance(node.value, ast.Call | ast.BoolOp)
        for target in node.targets:
            if isinstance(target, ast.Name) and computed:
                key = target.id
            elif (
                isinstance(target, ast.Attribute)
                and isinstance(target.value, ast.Name)
                and target.value.id in ("self", "cls")
            ):
                key = f"{target.value.id}.{target.attr}"
            else:
                continue
            named = classes_named(node.value, functions) if computed else [class_named(node.value)]
            found.setdefault(key, []).extend(name for name in named if name)
    return found


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
