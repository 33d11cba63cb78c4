"""The call-graph facts of one function's own body: the calls it makes and what each
callee expression names, the values its arguments, returns and stores carry (references:
see `auditor.python.runner.graph_facts`), the SDK requests it sends and through which
value, and the retry layer and failure containment around each call."""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping
from typing import Any, Protocol, TypeVar

from auditor.project import NO_DETAILS, CallDetails, CallFacts
from auditor.python.model.ast_values import (
    CONTAINER_METHODS,
    Function,
    children,
    dotted_name,
    parameter_defaults,
    returned_values,
    statements,
)
from auditor.python.model.callees import value_or_none
from auditor.python.model.class_family import on_self
from auditor.python.model.endings import never_returns
from auditor.python.model.mapping_keys import literal_items, spread_items
from auditor.python.model.retry_reach import DISPATCHED
from auditor.python.model.value_calls import METHOD_RUNNERS, argument_runner, parsed_option
from auditor.python.model.value_flow import attribute_read
from auditor.python.runner.error_conditions import raised_errors
from auditor.python.runner.error_tests import (
    NO_CLASS,
    AstFacts,
    ErrorTest,
    RetriedErrors,
    class_errors,
    keeps_failure,
    passed_classes,
)
from auditor.python.runner.loop_parts import unwrap
from auditor.python.runner.predicates import predicate_text
from auditor.python.runner.raised_results import reraised_calls
from auditor.python.runner.retry_types import FIELDS
from auditor.python.runner.sdk_catalog import sent_without_retries
from auditor.python.runner.value_refs import (
    Ref,
    RefsOwner,
    ValueRefs,
    added_to,
    literal_int,
    position,
)

Shared = TypeVar("Shared")
Key = TypeVar("Key")
# A retry layer: its number among the module's layers, or names of the tree to resolve
# with the whole graph ("decorator:NAME@AT", several joined by "|"); None: no layer.
LayerRef = int | str | None
# The class the graph gives the options a module's argument parser defines (`args.X`).
OPTIONS_CLASS = "<command-line options>"
_REQUEST_METHODS = frozenset({"create", "stream", "parse", "acreate"})
# What a resource's other methods are not: a builtin container's or string's own (`self.
# messages.append(m)` keeps a list), and a client's derivations (`with_options`, `copy`).
_NOT_REQUESTS = CONTAINER_METHODS | {"with_options", "copy", "close", "aclose"}
# A client's own low-level request (`client.post("/rerank", …)`), sent with its retries too.
_RAW_REQUESTS = frozenset({"post"})
# What sends a request through the model it is called on, a LangChain runnable's methods
# (`self.model.ainvoke(messages)`), with the retries of the client the model builds; and a
# pydantic-ai agent's (`agent.run(prompt)`), through its model's client.
_RUNNABLE_REQUESTS = frozenset(
    {
        *("invoke", "ainvoke", "stream", "astream", "batch", "abatch", "generate"),
        *("agenerate", "predict", "apredict", "embed_query", "aembed_query"),
        *("embed_documents", "aembed_documents"),
        *("run", "run_sync", "run_stream"),
    }
)
_CALL_FREE = frozenset({ast.Name, ast.Constant})  # nodes that never hold a call
# Methods that run a generator up to its next `yield` (`anext`/`next` are builtins).
_ADVANCING_METHODS = frozenset({"__next__", "__anext__", "send", "asend"})
# The resources of an SDK client whose `create` sends a request (OpenAI's and Anthropic's:
# `client.chat.completions`, `client.files`, `client.vector_stores.files`, …).
_RESOURCES = frozenset(
    {
        *("chat", "completions", "messages", "responses", "embeddings", "beta", "images"),
        *("audio", "transcriptions", "translations", "speech", "moderations", "files"),
        *("vector_stores", "file_batches", "batches", "uploads", "fine_tuning", "jobs"),
        *("assistants", "threads", "runs", "conversations", "items", "containers"),
        # a resource's raw-response view sends the same request (`client.chat.completions.
        # with_raw_response.create(…)`, openai and anthropic alike)
        *("with_raw_response", "with_streaming_response"),
    }
)


class FactsOwner(RefsOwner, Protocol):
    """What a function's facts ask of its module's (`graph_facts.ModuleFacts`)."""

    blanket: frozenset[str]

    def ast_facts(self) -> AstFacts:
        """The module's functions, methods and exception constants."""
        ...

    def names_function(self, given: ast.expr, cls: str | None) -> bool:
        """Whether an argument names a function to run (`cls`: the class whose `self`
        the function reads)."""
        ...

    def decorator_layer(
        self, function: Function, cls: str | None, facts: FunctionFacts | None = None
    ) -> int | str | None:
        """The layer a retry decorator puts around the whole function (`cls`: the class
        whose `self` it reads, for a method of it applied as `@self.retrying`)."""
        ...

    def loop_layer(
        self, loop: ast.For | ast.AsyncFor | ast.While, function: FunctionFacts, outer: LayerRef
    ) -> LayerRef:
        """The layer a library loop is (its hand-written `try`s are registered); `outer`:
        the layer around the loop."""
        ...

    def recursion_layers(self, node: Function, function: FunctionFacts) -> None:
        """Register the `try`s whose clause calls the function again."""
        ...

    def second_attempts(self, node: Function, function: FunctionFacts) -> None:
        """Register the calls made again where a test of what they gave says they failed."""
        ...

    def retrier_call(self, call: ast.Call, function: FunctionFacts) -> tuple[int, Ref] | None:
        """The layer and function of a call of a retrying object."""
        ...

    def applied_decorator(self, call: ast.Call, function: FunctionFacts) -> LayerRef:
        """The layer of a retry decorator a call applies to what it is given."""
        ...

    def runnable_layer(self, call: ast.Call, kept: Callable[[ast.Call], bool]) -> int | None:
        """The layer of a retrying runnable a call makes of its receiver (`with_retry`)."""
        ...

    def sends_itself(
        self, call: ast.Call, held: Callable[[str], ast.expr | None] | None = None
    ) -> bool:
        """Whether a call is a request function's, sent through the client it builds
        (`held`: the one value of a local name)."""
        ...

    def given_clients(self, function: Function) -> list[ast.arg]:
        """The parameters a function must be given an SDK client in (`client: OpenAI`)."""
        ...

    def share(self, value: Shared) -> Shared:
        """An equal value made before in the module, else `value` (a module's calls name
        the same callees and pass the same references again and again)."""
        ...


class FunctionFacts(ValueRefs):
    """The calls, values, sends and layers of one function's own body."""

    def __init__(self, owner: FactsOwner, *where: Any) -> None:
        """`where`: the function, its class and qualified name, as `ValueRefs` takes them."""
        super().__init__(owner, *where)
        self.owner: FactsOwner = owner
        self.calls: list[CallFacts] = []

    def data(self) -> dict[str, Any]:
        """The facts as data, leaving out what is empty (most calls carry nothing)."""
        share = self.owner.share
        found = {
            "class": self.cls,
            "params": share(tuple(self.params)),
            # how many of them come after `*`/`*args`: given by keyword only
            "kwonly": isinstance(self.node, Function) and len(self.node.args.kwonlyargs),
            "annotations": {p: a for p in self.params if (a := self.annotation(p))},
            "defaults": self.defaults,
            "given": self._given_defaults(),
            # what a parameter that must be given an SDK client holds where no call of the
            # tree runs the function: the caller's client, its retries unknown
            "entry_clients": self._entry_clients(),
            "sends": tuple(self.sends),
            "returns": share(tuple(self.returns)),
            # the classes its return annotation names (`-> Strategy`): what a factory whose
            # returns are not followed (`cls._strategies.get(name)`) gives its callers
            "returned": self.returned_annotation(),
            "stores": share(tuple(self.stores)),
            "layer": self.layer,
            # it returns a call's value from a `try`, None where it fails (`value_or_none`)
            "or_none": self._tries and isinstance(self.node, Function) and value_or_none(self.node),
            # the texts it returns where it catches a failure (`return f"Error: {e}"`)
            "failing": self._failure_texts(),
            # its body is one boolean expression: read by a loop in another module that asks it
            "predicate": isinstance(self.node, Function) and predicate_text(self.node),
            # the result object it builds from a parameter that callers give a run's status
            "builds": self._builds(),
            # the classes a method returns instances of: what `raise self.NAME(e)` raises
            "made": bool(self.cls) and isinstance(self.node, Function) and self._made_classes(),
            # no way through it returns (it raises or exits): a call of it ends its caller's
            "stops": isinstance(self.node, Function) and self._stops(),
            # imported functions its `except` clauses call (`handle_error`): see `_handled`
            "handled": tuple(sorted(self.handled)),
        }
        return {"calls": tuple(self.calls), **{k: v for k, v in found.items() if _worth(v)}}

    def _made_classes(self) -> tuple[str, ...]:
        assert isinstance(self.node, Function)
        return tuple(dict.fromkeys(_returned_classes(self.node)))

    def _stops(self) -> bool:
        assert isinstance(self.node, Function)
        stopping = self.owner.ast_facts().stopping
        return never_returns(self.node, lambda c: dotted_name(c.func) in stopping)

    def _builds(self) -> dict[str, str]:
        """What the result object every `return` builds records of a parameter that a
        caller may give a run's exit status: parameter -> `field:…` (`return Result(
        exit_code=exit_code, …)`: `exit_code=0` where the run succeeded; `success=ok`
        with every value of `ok` a test `exit_code == 0`, or `False`: a success flag)."""
        calls = [n.value for n in self.returned if isinstance(n.value, ast.Call)]
        if not calls or len(calls) != len(self.returned):
            return {}
        found: dict[str, set[str]] = {}
        for parameter in self.params:
            if parameter in self.locals:
                continue  # assigned here: not what the caller gave
            told = [self._told(call, parameter) for call in calls]
            if all(told) and len({frozenset(t) for t in told}) == 1:
                found[parameter] = told[0]
        return {p: "field:" + FIELDS.join(sorted(fields)) for p, fields in found.items()}

    def _told(self, call: ast.Call, parameter: str) -> set[str]:
        """The fields of a result object `call` builds that tell how a run went when
        `parameter` is its exit status (see `_builds`)."""
        found: set[str] = set()
        for keyword in call.keywords:
            given = keyword.value
            if not keyword.arg or not isinstance(given, ast.Name):
                continue
            if given.id == parameter:
                found.add(f"{keyword.arg}=0")
            elif (values := self.locals.get(given.id)) and all(
                ref[0] == "expr" and _false_on_failure(ref[1], parameter) for ref in values
            ):
                found.add(keyword.arg)
        return found

    def _failure_texts(self) -> tuple[str, ...]:
        """The literal text of each value it returns in an `except` clause, when every such
        value is a string literal or an f-string (its fields as `{}`); none else."""
        texts = [_literal_text(node.value) for node in self._caught_returns]
        return tuple(t for t in texts if t is not None) if None not in texts else ()

    def _given_defaults(self) -> dict[str, tuple[Ref, ...]]:
        """The values a parameter holds where a caller leaves it out, when its default names
        an agent (`command: str = "claude"`) or a function (`make_client=build_client`)."""
        if not isinstance(self.node, Function):
            return {}
        return {
            name: tuple(refs)
            for name, default in parameter_defaults(self.node).items()
            if (refs := self._default_refs(default))
        }

    def _entry_clients(self) -> dict[str, Ref]:
        """A client reference for each parameter that must be given an SDK client
        (`client: openai.OpenAI`), made at the parameter: the client other code builds and
        hands in, its retries unknown to this tree."""
        if not isinstance(self.node, Function):
            return {}
        given = self.owner.given_clients(self.node)
        return {argument.arg: ("client", position(argument), "?") for argument in given}

    def _default_refs(self, default: ast.expr) -> list[Ref]:
        """A default's references, read where it is evaluated: in the scope around the
        function (`make_client=make_client` names the module's function, not itself)."""
        return (
            self.refs(default) if isinstance(default, ast.Constant) else self.module_refs(default)
        )

    def read(self) -> None:
        """Walk the function's own statements once."""
        self.sends: list[tuple[Any, ...]] = []
        self.returns: list[tuple[Any, ...]] = []
        self.stores: list[tuple[Any, ...]] = []
        self.layer: int | str | None = None
        self.retry_tries: dict[int, int] = {}  # id of a `try` -> the retry layer it is
        # id of a call an `except` clause makes again -> that retry layer
        self.retry_calls: dict[int, int] = {}
        # id of a call whose result a loop tests to go round -> that loop's layer
        self.value_calls: dict[int, int] = {}
        # ids of the calls whose result it tests and raises on (`raised_results`)
        self._reraised: set[int] = set()
        if isinstance(self.node, Function):
            self._reraised = reraised_calls(self.node, self.bindings, self.raising)
            self.layer = self.owner.decorator_layer(self.node, self.cls, self)
            self.owner.recursion_layers(self.node, self)
            self.owner.second_attempts(self.node, self)
        self.returned: list[ast.Return] = []  # its `return VALUE` statements
        self._caught_returns: list[ast.Return] = []  # those in an `except` clause
        self._handlers = 0  # how many `except` clauses the walk is in
        self.handled: set[str] = set()  # see `_handled`
        self._tries = False  # whether it has a `try`
        self._stored: list[ast.Assign | ast.AnnAssign] = []
        self._added: list[tuple[ast.expr, ast.expr]] = []  # (container, value) of `added_to`
        self._class_stored: list[tuple[str, ast.Assign | ast.AnnAssign]] = []
        self._requests: list[tuple[ast.Call, ast.expr, LayerRef, bool, Translation]] = []
        # how the innermost `try` around here that translates failures raises them
        self._raised: list[Translation] = []
        # each call's facts found in the walk, and the call: made `CallFacts` after it
        self._arguments: list[tuple[dict[str, Any], ast.Call]] = []
        self._options: list[tuple[str, ast.expr]] = []  # command-line options defined here
        # A generator's body runs where it is advanced, not where it is made: a local name
        # given a call's value (`agen = open_stream()`) -> the call, and a name advanced
        # (`await agen.__anext__()`, `next(agen)`, `async for … in agen`) -> the layer and
        # containment there.
        self._made: dict[str, list[ast.Call]] = {}
        self._advanced: dict[str, tuple[LayerRef, bool]] = {}
        body = self.node.body
        self._names()
        self._statements(body, None, False)
        # values are read once every call has its number: a name may hold a later call's
        self._lazy_calls()
        self.calls = [self._call_facts(entry, call) for entry, call in self._arguments]
        for dest, default in self._options:  # `args.codex_exe`: the parsed options'
            self.stores += [(f"class:{OPTIONS_CLASS}:{dest}", *r) for r in self.refs(default)]
        for call, receiver, layer, contained, raised in self._requests:
            send = (position(call), layer, contained, tuple(self.refs(receiver)))
            self.sends.append((*send, *raised) if raised != _KEPT else send)
        for node in self.returned:
            value = node.value
            assert value is not None
            if isinstance(value, ast.Tuple):
                for index, element in enumerate(value.elts):
                    self.returns += [(index, *r) for r in self.refs(element)]
            else:
                self.returns += [(-1, *r) for r in self.refs(value)]
        for store in self._stored:
            self._store(store)
        for container, value in self._added:
            if (key := self._store_key(container)) is not None:
                self.stores += [(key, *r) for r in self.refs(value)]
        for cls, item in self._class_stored:
            assert item.value is not None
            targets = item.targets if isinstance(item, ast.Assign) else [item.target]
            for target in targets:
                if isinstance(target, ast.Name):
                    self._store_on_class(cls, target.id, item.value)

    def _store_on_class(self, cls: str, attribute: str, value: ast.expr) -> None:
        """What an attribute of a class of the module holds, read on the class
        (`Backend._client`) and on every instance of its family (`self._client`)."""
        qualified = self.owner.imports.qualify(f"{cls}.{attribute}")
        for ref in self.refs(value):
            self.stores += [(f"global:{qualified}", *ref), (f"class:{cls}:{attribute}", *ref)]

    def _helper(self, called: ast.expr) -> Function | None:
        """The function of the module a call runs by name: `helper(…)`, or a method of
        this function's class on `self`/`cls` (`self._map_error(e)`)."""
        if isinstance(called, ast.Name):
            return self.owner.ast_facts().functions.get(called.id)
        owner = called.value if isinstance(called, ast.Attribute) else None
        if not (isinstance(owner, ast.Name) and owner.id in ("self", "cls") and self.cls):
            return None
        assert isinstance(called, ast.Attribute)
        cls = self.owner.ast_facts().class_defs.get(self.cls)
        methods = (m for m in cls.body if isinstance(m, Function)) if cls is not None else ()
        return next((m for m in methods if m.name == called.attr), None)

    def _advance(self, name: str, layer: LayerRef, contained: bool) -> None:
        """Note that the iterator `name` holds is advanced here: the first place under a
        retry layer counts (its other advances, `async for` after the first item, run
        outside the retry); advanced under none, it runs under none."""
        if self._advanced.get(name, (None, False))[0] is None:
            self._advanced[name] = (layer, contained)

    def _lazy_calls(self) -> None:
        """Move each call whose value a name holds and the function advances (a generator
        made here, run there) to the retry layer and containment where it is advanced."""
        made = {id(call): name for name, calls in self._made.items() for call in calls}
        for entry, call in self._arguments:
            name = made.get(id(call))
            if name is None or name not in self._advanced:
                continue
            layer, contained = self._advanced[name]
            entry.pop("layer", None)
            entry.pop("contained", None)
            if layer is not None:
                entry["layer"] = layer
            if contained:
                entry["contained"] = True

    # -- local names, flow-insensitive: every value any assignment gives them

    # -- statements, with the retry layer and the failure containment around them
    def _statements(self, body: list[ast.stmt], layer: LayerRef, contained: bool) -> None:
        for statement in body:
            self._statement(statement, layer, contained)

    def _statement(self, node: ast.stmt, layer: LayerRef, contained: bool) -> None:
        if isinstance(node, ast.ClassDef) and isinstance(self.node, ast.Module):
            for item in node.body:  # class attributes: `client = OpenAI()` in the class
                if isinstance(item, ast.Assign | ast.AnnAssign) and item.value is not None:
                    self._expressions(item.value, layer, contained)
                    self._class_stored.append((node.name, item))
            return
        if isinstance(node, Function | ast.ClassDef):
            return
        if isinstance(node, ast.For | ast.AsyncFor | ast.While):
            if isinstance(node, ast.AsyncFor) and isinstance(node.iter, ast.Name):
                self._advance(node.iter.id, layer, contained)
            whole = self.owner.loop_layer(node, self, layer)  # a library's: every failure
            self._expressions(node.iter if not isinstance(node, ast.While) else node.test, layer)
            self._statements(node.body, layer if whole is None else whole, contained)
            self._statements(node.orelse, layer, contained)
            return
        if isinstance(node, ast.Try | ast.TryStar):
            self._tries = True
            retry = self.retry_tries.get(id(node))
            if retry is not None:  # the retry's own `try`: what fails in it is retried
                self._statements(node.body, retry, False)
            else:
                facts = self.owner.ast_facts()
                raised = _translation(node.handlers, self.owner.blanket, self._helper, facts)
                keeps = raised[0] != ESCAPED and any(
                    keeps_failure(h, self.owner.blanket, self._helper) for h in node.handlers
                )
                # a `try` that translates nothing keeps the translation of the one around it
                outer = self._raised[-1] if self._raised else _KEPT
                self._raised.append(raised if raised != _KEPT else outer)
                self._statements(node.body, layer, contained or keeps)
                self._raised.pop()
            self._handlers += 1
            for handler in node.handlers:
                self._statements(handler.body, layer, contained)
            self._handlers -= 1
            self._statements(node.orelse, layer, contained)
            self._statements(node.finalbody, layer, contained)
            return
        if self._handlers and isinstance(node, ast.Expr):
            self._handled(node.value)
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
            self.returned.append(node)
            if self._handlers:
                self._caught_returns.append(node)
        elif isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            self._stored.append(node)
            target = node.targets[0] if isinstance(node, ast.Assign) else node.target
            if isinstance(target, ast.Name) and isinstance(node.value, ast.Call):
                self._made.setdefault(target.id, []).append(node.value)
        elif (added := added_to(node)) is not None:  # `self.clients.append(…)`: a store
            self._added.append(added)

    def _handled(self, value: ast.expr) -> None:
        """Note an imported function an `except` clause calls as a statement
        (`handle_error(msg)`): the index reads its module, which may say it never returns."""
        dotted = dotted_name(value.func) if isinstance(value, ast.Call) else None
        if dotted is not None and dotted.split(".", 1)[0] in self.owner.imports.names:
            self.handled.add(self.owner.imports.qualify(dotted))  # also `errors.fail(…)`

    def _handed_on(self, call: ast.Call) -> bool:
        """Whether a call's value leaves the function: returned (`return m.with_retry()`),
        kept in a local a `return` reads (`primary = primary.with_retry(…)`), or stored
        on an object (`self.llm = …`); not one used or dropped where it is made."""
        if not isinstance(call.func, ast.Attribute):
            return False
        names: set[str] = set()
        for store in self._stored:
            value = store.value.value if isinstance(store.value, ast.Await) else store.value
            if value is not call:
                continue
            for target in store.targets if isinstance(store, ast.Assign) else [store.target]:
                if isinstance(target, ast.Attribute):
                    return True
                if isinstance(target, ast.Name):
                    names.add(target.id)
        return any(_rooted(returned.value, call, names) for returned in self.returned)

    def _call_facts(self, entry: dict[str, Any], call: ast.Call) -> CallFacts:
        """A call's facts: `entry`, what the walk found (see `_call`), with the values it
        passes and its callee."""
        share = self.owner.share
        args: tuple[tuple[int, Ref], ...] = ()
        if call.args:
            # a spread list's values at its place (`create_subprocess_exec(*command)`: the argv)
            spread = [a.value if isinstance(a, ast.Starred) else a for a in call.args]
            args = share(tuple((i, r) for i, a in enumerate(spread) for r in self.refs(a)))
            passed = [  # `with_retry(client.messages.create, …)`: a request, sent where called
                (i, tuple(self.refs(owner)))
                for i, a in enumerate(call.args)
                if (owner := _request_passed(a, self.held_value)) is not None
            ]
            if passed:
                entry["requests"] = tuple(passed)
        facts, blanket = self.owner.ast_facts(), self.owner.blanket
        classes = passed_classes(call, facts, blanket, self.held_value)
        if classes:  # `call_with_retries(fn, _RETRYABLE)`: for the layer it applies
            entry["classes"] = classes
        named = entry.pop("named", ())
        if named:
            passed_by_name = [  # `generate(retry_function=client.chat.completions.create)`
                (name, tuple(self.refs(owner)))
                for name, value in named
                if (owner := _request_passed(value, self.held_value)) is not None
            ]
            if passed_by_name:
                entry["requests"] = (*entry.get("requests", ()), *passed_by_name)
            keywords = tuple((name, r) for name, value in named for r in self.refs(value))
            if keywords:
                entry["keywords"] = keywords
        if (runnable := self.owner.runnable_layer(call, self._handed_on)) is not None:
            entry["runnable"] = runnable  # `model.with_retry(…)`: see `CallDetails.runnable`
        callee = entry.pop("callee")
        if callee is None or callee[0] == "value":
            # read again now that every local is known: for a retrying object's call
            # (`retryer(fn, …)`, `shift` 1) the function it runs, else what it calls
            shift = entry.get("shift", 0)
            called = call.args[shift - 1] if 0 < shift <= len(call.args) else call.func
            callee = self.callee(called)
            if isinstance(called, ast.Lambda) and "layer" not in entry:
                # a lambda given to a runner (`patience.call(lambda: …)`, `to_thread(lambda:
                # …)`): its calls are this function's own, and the call is the runner's (a
                # method of the tree's, or one outside it)
                entry.pop("shift", None)
                callee = self.callee(call.func)
        # what is left is what the call has of its details (most have none)
        details = NO_DETAILS
        if entry:
            details = share(CallDetails(**{k: share(v) for k, v in entry.items()}))
        # a line number past 256 is an object of its own: one per line of the module
        line = share(call.lineno)
        return CallFacts(line, call.col_offset, share(callee), len(call.args), args, details)

    def _runs_argument(self, call: ast.Call) -> int | None:
        """How many arguments come before those a runner call passes on (`_runs_argument`):
        a method runner on a name the module imports (a breaker, or a module with a `call`
        function) must be given a function."""
        func = call.func
        receiver = dotted_name(func.value) if isinstance(func, ast.Attribute) else None
        imported = receiver is not None and receiver.split(".")[0] in self.owner.imports.names
        return _runs_argument(
            call, lambda given: not imported or self.owner.names_function(given, self.cls)
        )

    def _keywords(self, call: ast.Call) -> list[tuple[str, ast.expr]]:
        """The keywords a call gives: those it writes, and those of a mapping it spreads
        that is written here (`**dict(binary=BIN, cwd=d)`, `**{"model": m}`, or a local
        dict written once and only read: `kwargs = dict(binary=BIN)`, then `run(p,
        **kwargs)`; `auditor.python.model.mapping_keys`)."""
        found: list[tuple[str, ast.expr]] = []
        for keyword in call.keywords:
            value = keyword.value
            if keyword.arg is not None:
                found.append((keyword.arg, value))
            elif isinstance(value, ast.Name):
                bindings = self.locals.get(value.id, [])
                written = [b[1] for b in bindings if b[0] == "expr"]
                if len(written) == len(bindings):
                    found += spread_items(written, self.node, value.id) or []
            else:
                found += literal_items(value) or []
        return found

    def _store(self, node: ast.Assign | ast.AnnAssign) -> None:
        assert node.value is not None
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        for target in targets:
            if isinstance(target, ast.Tuple | ast.List):  # `self.a, self.b = a, b`
                for index, element in enumerate(target.elts):
                    if (key := self._store_key(element)) is not None:
                        self.stores += [(key, *r) for r in self._item(node.value, index, 0)]
            elif (key := self._store_key(target)) is not None:
                self.stores += [(key, *r) for r in self.refs(node.value)]
            elif (owned := self._class_attribute(target)) is not None:
                # `Interface._client = OpenAI()`: the class's attribute, as its body sets
                self._store_on_class(*owned, node.value)

    def _class_attribute(self, target: ast.expr) -> tuple[str, str] | None:
        """(class, attribute) of an assignment to an attribute of a class of the module,
        named (`Interface._client`) or a classmethod's own (`cls._client`)."""
        if not (isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name)):
            return None
        name = target.value.id
        if name == "cls" and self.cls is not None and "cls" in self.params:
            return (self.cls, target.attr)
        if name in self.locals or name in self.params:
            return None
        defined = (s for s in self.owner.tree.body if isinstance(s, ast.ClassDef))
        return (name, target.attr) if any(c.name == name for c in defined) else None

    def _store_key(self, target: ast.expr) -> str | None:
        """What an assignment to `target` stores, as the stores write it: an attribute of
        the instance, or a module's name (or one a function declares `global`); None for a
        local name, whose values are not read this way."""
        if (root := _self_attribute(target)) is not None:
            return root
        if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name):
            # `CLIENTS[name] = OpenAI()`: an item stored into a container is what it holds;
            # a name this function does not bind is the module's, `global` or not
            name = target.value.id
            local = name in self.locals or name in self.params or self._free(name)
            if isinstance(self.node, ast.Module) or not local:
                return f"global:{self.owner.imports.qualify(name)}"
            return None
        if isinstance(target, ast.Name) and (
            isinstance(self.node, ast.Module) or target.id in self.declared_global
        ):
            return f"global:{self.owner.imports.qualify(target.id)}"
        return None

    def _expressions(self, node: ast.expr, layer: LayerRef, contained: bool = False) -> None:
        """Record the calls of an expression, innermost first (their numbers are needed by
        the calls that take their values)."""
        for call in _calls_in(node):
            self._call(call, layer, contained)

    def _call(self, call: ast.Call, layer: LayerRef, contained: bool) -> None:
        retry = self.retry_calls.get(id(call))
        if retry is not None:  # its failure is what the `except` makes it again for
            layer, contained = retry, False
        number = len(self._arguments)
        self.call_index[id(call)] = number
        request = _request_receiver(call, self.locals)
        # `litellm.completion(…)`, or `lite.acompletion(…)` after `lite = _litellm()`
        if request is None and self.owner.sends_itself(call, self.held_value):
            request = call
        if request is not None and sent_without_retries(call):
            request = None  # (`max_retries=0` of its own: sent once, whatever the client)
        option = parsed_option(call)
        if option is not None:
            self._options.append(option)
        if request is not None:
            raised = self._raised[-1] if self._raised else _KEPT
            self._requests.append((call, request, layer, contained, raised))
        # its callee, and the details it has (`CallDetails`): most calls have none
        entry: dict[str, Any] = {"callee": None}
        on_value = self.value_calls.get(id(call))
        if layer is None:
            layer = on_value
        elif on_value is not None:  # a loop's `try` retries what it raises, its test the rest
            entry["value_layer"] = on_value
        if layer is not None:
            entry["layer"] = layer
        if contained:
            entry["contained"] = True
        if id(call) in self._reraised:
            entry["reraises"] = True
        if (advanced := _advanced_name(call)) is not None:
            self._advance(advanced, layer, contained)
        named = self._keywords(call)
        if named:
            entry["named"] = named  # (for `_call_facts`, which takes it out)
            entry["given"] = tuple(name for name, _ in named)
            if ints := _known([(name, literal_int(value)) for name, value in named]):
                entry["ints"] = ints
        if any(k.arg is None for k in call.keywords):  # `**kwargs`: maybe more than known
            entry["spread"] = True
        if call.args and (given := _known(list(enumerate(map(literal_int, call.args))))):
            entry["positional"] = given
        # `f(*args)` forwards this one's own `*args`, or (a closure without its own) those of
        # the function it is defined in (`CallGraph.varargs_holder`)
        varargs = self.defaults.get("*")
        enclosing = self.outer.defaults.get("*") if self.outer is not None else None
        if varargs is None and enclosing not in (None, *self.locals, *self.params):
            varargs = enclosing
        for index, argument in enumerate(call.args):
            if isinstance(argument, ast.Starred) and _named(argument.value, varargs):
                entry["star"] = index
        runner = self.owner.retrier_call(call, self)
        if runner is not None:  # `retrier(fn, *args)`: a call of `fn` with the rest
            entry["layer"], entry["callee"], entry["shift"] = *runner, 1
            passed = _request_passed(call.args[0], self.held_value) if call.args else None
            if passed is not None and request is None:
                # `retrier(client.chat.completions.create, **kw)`: a request it sends
                raised = self._raised[-1] if self._raised else _KEPT
                self._requests.append((call, passed, runner[0], contained, raised))
        elif (ahead := self._runs_argument(call)) is not None:
            entry["shift"] = ahead  # `asyncio.to_thread(fn, *args)`: a call of `fn`
        elif (applied := self.owner.applied_decorator(call, self)) is not None:
            entry["applied"] = applied  # `retry(stop=…)(self._call_api)`
        self._arguments.append((entry, call))


def _runs_argument(call: ast.Call, names_function: Callable[[ast.expr], bool]) -> int | None:
    """For a call that runs the function it is given, with the arguments after it, on a
    thread or an executor (`asyncio.to_thread(fn, *args)`, `loop.run_in_executor(None,
    fn, *args)`, `pool.submit(fn, *args)`): how many arguments come before the rest
    (the function is the last of them). A method runner (`breaker.call(fn, …)`) must be
    given what `names_function` says is a function: `lite.call(model, prompt)` calls the
    `call` function of the module `lite`."""
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    receiver = (dotted_name(func.value) or "?") if isinstance(func, ast.Attribute) else None
    position = argument_runner(name, receiver)
    if position is None or len(call.args) <= position:
        return None
    ahead, given = position + 1, call.args[position]
    if not isinstance(given, ast.Name | ast.Attribute | ast.Lambda):
        return None  # not a callable (`subprocess.call(["claude", …])`)
    if name in METHOD_RUNNERS and not names_function(given):
        return None
    # an SDK request passed along (`to_thread(client.files.create, …)`) is sent here
    request = isinstance(given, ast.Attribute) and given.attr in _REQUEST_METHODS
    return None if request else ahead


def _literal_text(node: ast.expr | None) -> str | None:
    """A string literal's text, or an f-string's with `{}` for each field; None else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(
            str(part.value) if isinstance(part, ast.Constant) else "{}" for part in node.values
        )
    return None


def _advanced_name(call: ast.Call) -> str | None:
    """The local name of an iterator a call advances (`agen.__anext__()`, `next(it)`,
    `anext(agen)`, `gen.send(x)`), or None."""
    func = call.func
    if isinstance(func, ast.Attribute) and func.attr in _ADVANCING_METHODS:
        return func.value.id if isinstance(func.value, ast.Name) else None
    if isinstance(func, ast.Name) and func.id in ("next", "anext") and call.args:
        first = call.args[0]
        return first.id if isinstance(first, ast.Name) else None
    return None


def _named(node: ast.expr, name: object) -> bool:
    """Whether `node` is the plain name `name`."""
    return isinstance(node, ast.Name) and node.id == name


def _calls_in(node: ast.expr) -> list[ast.Call]:
    """The calls of an expression, callees and arguments before the call that takes them;
    lambdas and comprehension scopes included (they run here or not at all)."""
    # A pre-order walk taking the last child first, reversed, is the post-order walk
    # taking the first child first: the order the calls run in.
    found: list[ast.Call] = []
    pending: list[ast.AST] = [node]
    while pending:
        current = pending.pop()
        if type(current) in _CALL_FREE:  # names and constants, half the nodes, hold no call
            continue
        if type(current) is ast.Call:
            found.append(current)
        if type(current) is ast.Attribute:  # the commonest node after those: one child
            pending.append(current.value)
        else:
            pending += children(current)
    found.reverse()
    return found


def _rooted(value: ast.expr | None, call: ast.Call, names: set[str]) -> bool:
    """Whether a returned value is `call`'s value or a local that holds it, itself or as
    the receiver its methods chain from (`return primary.with_fallbacks(…)`), not an
    argument (`return str(runnable)`)."""
    while value is not None and value is not call:
        if isinstance(value, ast.Name):
            return value.id in names
        if isinstance(value, ast.Await):
            value = value.value
        elif isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute):
            value = value.func.value
        else:
            return False
    return value is call


def _request_receiver(call: ast.Call, local: Mapping[str, list[Ref]]) -> ast.expr | None:
    """The client a request call is sent through: `X` of `X.chat.completions.create(…)`,
    also through a local name that holds one of its resources (`api = client.beta.messages
    if betas else client.messages; api.stream(…)`)."""
    func = call.func
    if isinstance(func, ast.Attribute) and func.attr in _RAW_REQUESTS and call.args:
        return func.value  # whether it holds an SDK client the graph's values say
    if isinstance(func, ast.Name):  # a bound request method: `send = client.messages.create`
        return _held_owner(func.id, local, _request_owner)
    if not isinstance(func, ast.Attribute):
        return None
    client = _request_owner(func)
    if client is None and _sends_request(func.attr) and isinstance(func.value, ast.Name):
        client = _held_owner(func.value.id, local, _resource_owner)
    if client is None and func.attr in _RUNNABLE_REQUESTS:
        return func.value  # whether it holds a model the graph's values say
    return client


def _held_owner(
    name: str, local: Mapping[str, list[Ref]], owner: Callable[[ast.expr], ast.expr | None]
) -> ast.expr | None:
    """The client every value a local name holds is a part of (`owner` of each; an
    `if`-expression's both branches), or None."""
    values = [ref[1] for ref in local.get(name, ()) if ref[0] == "expr"]
    branches = [
        b for v in values for b in ((v.body, v.orelse) if isinstance(v, ast.IfExp) else (v,))
    ]
    owners = [owner(branch) for branch in branches]
    return owners[0] if owners and all(o is not None for o in owners) else None


def _request_owner(node: ast.expr) -> ast.expr | None:
    """`X` of a client's request method: `X.chat.completions.create`, and any other method
    of a resource of it (`X.batches.retrieve`, `X.files.content`) but a container's."""
    if isinstance(node, ast.Attribute) and _sends_request(node.attr):
        return _resource_owner(node.value)
    return None


def _sends_request(method: str) -> bool:
    """Whether a method called on a client's resource sends a request."""
    return method in _REQUEST_METHODS or not (method.startswith("_") or method in _NOT_REQUESTS)


def _request_passed(argument: ast.expr, held: Callable[[str], ast.expr | None]) -> ast.expr | None:
    """The client whose request an argument hands on to be sent where it is called: the
    request method itself (`client.messages.create`), a lambda that sends it
    (`lambda: client.chat.completions.create(…)`, `await`ed or not), or the entry of a
    stream it opens (`manager.__aenter__`, `manager` a local holding `client.messages.
    stream(…)`: entering the stream sends the request; `held`: a local's one value), or a
    runnable's request method (`llm.invoke`: whether `llm` holds a model the graph says)."""
    if (
        isinstance(argument, ast.Attribute)
        and argument.attr in ("__aenter__", "__enter__")
        and isinstance(argument.value, ast.Name)
        and isinstance(opened := held(argument.value.id), ast.Call)
    ):
        argument = opened.func
    if isinstance(argument, ast.Lambda):
        body = unwrap(argument.body)
        if not isinstance(body, ast.Call):
            return None
        argument = body.func
    owner = _request_owner(argument)
    if (
        owner is None
        and isinstance(argument, ast.Attribute)
        and argument.attr in _RUNNABLE_REQUESTS
        and argument.attr not in ("stream", "astream")  # (sends when iterated, later)
    ):
        return argument.value  # a model's bound method (`llm.invoke`), as `_request_receiver`
    return owner


def _resource_owner(node: ast.expr) -> ast.expr | None:
    """`X` of a resource of a client, `X.chat.completions` or `getattr(X, "messages")`."""
    steps = 0
    while True:
        if isinstance(node, ast.Attribute) and node.attr in _RESOURCES:
            node, steps = node.value, steps + 1
        elif isinstance(node, ast.Call) and node.args and attribute_read(node, node.args[0]):
            node, steps = node.args[0], steps + 1  # `getattr(client, "messages")`
        else:
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


def _false_on_failure(value: Any, parameter: str) -> bool:
    """Whether a value is false wherever `parameter` is a failed run's exit status:
    `parameter == 0`, `False`, or an `and` with one such operand."""
    if isinstance(value, ast.Constant):
        return value.value is False
    if isinstance(value, ast.BoolOp) and isinstance(value.op, ast.And):
        return any(_false_on_failure(v, parameter) for v in value.values)
    return (
        isinstance(value, ast.Compare)
        and len(value.ops) == 1
        and isinstance(value.ops[0], ast.Eq)
        and isinstance(value.left, ast.Name)
        and value.left.id == parameter
        and isinstance(value.comparators[0], ast.Constant)
        and value.comparators[0].value == 0
    )


def _worth(value: Any) -> bool:
    """Whether a fact is worth keeping: not None, False or empty (a layer 0 is one)."""
    return value is not None and value is not False and value != () and value != {}


def _known(numbers: list[tuple[Key, int | None]]) -> tuple[tuple[Key, int], ...]:
    return tuple((key, number) for key, number in numbers if number is not None)


# (raised instead of every failure, raised as they are, (class, raised instead) pairs)
# A stand-in a clause raises: the class it catches, the failure the stand-in is raised
# for there ("class" and that class, or a test that decides: "status", "429"), and the
# stand-in's class.
StandIn = tuple[str, str, str, str]
Translation = tuple[tuple[str, ...], tuple[str, ...], tuple[StandIn, ...]]
_KEPT: Translation = ((), (), ())
# what a `try` that keeps every failure but some raises in their stead: none of its own
ESCAPED = (NO_CLASS,)


def _translation(
    handlers: list[ast.ExceptHandler],
    blanket: frozenset[str],
    helper: Callable[[ast.expr], Function | None],
    facts: AstFacts,
) -> Translation:
    """How a `try`'s clauses raise its failures to the retry layers around it (the
    classes they catch named through `facts`), when one
    catches every failure and raises another class (`except Exception as e: raise
    ProviderError(…) from e`): those classes, the ones a clause before it raises again
    as they are (`except RateLimitError: raise`), and the classes clauses of their own
    raise as others (`except RateLimitError as e: raise RateLimited(…) from e`, also
    through a helper of the module that builds it: `raise self._map_error(e) from e`);
    `_KEPT` when none translates."""
    passed: list[str] = []
    mapped: list[StandIn] = []
    for handler in handlers:
        # (by the names their modules give them: `OpenAIRateLimit` is `RateLimitError`)
        names = [] if handler.type is None else facts.classes(handler.type)
        raised = [n for s in handler.body for n in (s, *statements(s, definitions=False))]
        raises = [n for n in raised if isinstance(n, ast.Raise)]
        again = [r for r in raises if r.exc is None or _names_caught(r.exc, handler)]
        each = [_raised_classes(r.exc, helper) for r in raises if r.exc is not None]
        found = [name for classes in each for name in classes]
        read = len(each) == len(raises) and all(each)  # every `raise` names its classes
        if not class_errors(names, blanket).every:
            passed += names if again else []
            if raises and not again and read:
                mapped += _stand_ins(handler, names, found, blanket, facts)
            continue
        if not raises and (passed or mapped):
            # kept, but for the classes the clauses before it let out (`except
            # RateLimitError: raise`, then `except Exception: return None`)
            return (ESCAPED, tuple(passed), tuple(mapped))
        if again and _read_others(raises, handler, helper):
            # some failures raised as others, by a test of each (`if isinstance(e,
            # RateLimitError): raise RateLimited() from e`), the rest as they are (`raise`)
            mapped += _tested_stand_ins(handler, found, blanket, facts)
            return ((), tuple(passed), tuple(mapped)) if mapped else _KEPT
        if not raises or again:
            return _KEPT  # kept, or raised as it is: the failure itself goes on
        return (tuple(found), tuple(passed), tuple(mapped)) if read else _KEPT
    return ((), tuple(passed), tuple(mapped)) if mapped else _KEPT


def _stand_ins(
    handler: ast.ExceptHandler,
    names: list[str],
    found: list[str],
    blanket: frozenset[str],
    facts: AstFacts,
) -> list[StandIn]:
    """What a clause that catches `names` raises in their place (`found`): each stand-in
    for the failures the clause raises it for, where a test of the failure decides
    (`if e.status_code == 429: raise RateLimited()`), else for every class caught."""
    tested = raised_errors(handler, facts, blanket)
    stand_ins: list[StandIn] = []
    for other in found:
        tests = tested.get(other, RetriedErrors()).tests
        decided = [t for t in tests if t.kind != "class"]
        for name in names:
            for test in decided or [ErrorTest("class", name)]:
                stand_ins.append((name, test.kind, test.value, other))
    return stand_ins


def _read_others(
    raises: list[ast.Raise],
    handler: ast.ExceptHandler,
    helper: Callable[[ast.expr], Function | None],
) -> bool:
    """Whether a clause raises classes of its own besides what it caught, and every such
    `raise` names its classes."""
    others = [r.exc for r in raises if r.exc is not None and not _names_caught(r.exc, handler)]
    return bool(others) and all(_raised_classes(other, helper) for other in others)


def _tested_stand_ins(
    handler: ast.ExceptHandler, found: list[str], blanket: frozenset[str], facts: AstFacts
) -> list[StandIn]:
    """The stand-ins a clause that catches every failure raises for those a test of the
    failure picks out (a class, a status, a marker); none for a class raised untested."""
    tested = raised_errors(handler, facts, blanket)
    stand_ins: list[StandIn] = []
    for other in found:
        errors = tested.get(other)
        if errors is None or errors.every:
            continue
        stand_ins += [(test.value, test.kind, test.value, other) for test in errors.tests]
    return stand_ins


def _raised_classes(raised: ast.expr, helper: Callable[[ast.expr], Function | None]) -> list[str]:
    """The classes a `raise` raises, by their last name: `X(…)` or `X`, or what a helper
    of the module returns when it is called (`return ProviderError(…)` in `_map_error`);
    a method on `self` may run an override in a subclass of another module, which the
    graph reads (`DISPATCHED` and the method's name)."""
    call = raised.func if isinstance(raised, ast.Call) else raised
    function = helper(call) if isinstance(raised, ast.Call) else None
    dispatched = isinstance(raised, ast.Call) and isinstance(call, ast.Attribute) and on_self(call)
    if function is not None or dispatched:
        own = _returned_classes(function) if function is not None else []
        return [*own, DISPATCHED + call.attr] if isinstance(call, ast.Attribute) else own
    dotted = dotted_name(call)
    return [dotted.rsplit(".", 1)[-1]] if dotted else []


def _returned_classes(function: Function) -> list[str]:
    """The classes, by their last name, whose instances `function` returns where it builds
    one (`return ProviderRateLimitError(str(exc))`: a capitalised name)."""
    built = (dotted_name(v.func) for v in returned_values(function) if isinstance(v, ast.Call))
    names = (d.rsplit(".", 1)[-1] for d in built if d)
    return [name for name in names if name[:1].isupper()]


def _names_caught(raised: ast.expr, handler: ast.ExceptHandler) -> bool:
    """`raise e` in `except X as e`."""
    return isinstance(raised, ast.Name) and raised.id == handler.name
