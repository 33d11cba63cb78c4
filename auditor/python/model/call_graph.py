"""The project call graph: every function of the tree, the functions each call may run,
and the values that flow along the calls (auditor/python/runner/graph_facts.py has the facts).

Four rules of the language are modelled, across modules:
1. `self.m()` runs the `m` of the instance's class: the nearest definition up its
   bases, and every override in its subclasses (class-hierarchy analysis);
2. a call binds its arguments to the callee's parameters, a returned tuple's items
   reach the names they are unpacked into, and `**kwargs` forwards keywords;
3. `obj.m()` on a receiver of unknown class runs the overrides of `m` below an
   abstract base that declares it (a registry's `PROVIDERS[name]().m()`);
4. an `except errors:` reads the tuple a parameter default or a constant gives.

Values (SDK clients, argvs, program names) flow through parameters, returns, instance
attributes (a base's `self.client` is what its subclasses store; a sibling's is not),
properties, module globals and callable values (a stored `lambda: OpenAI()` returns its
client when called), to a fixpoint; a client whose maximum retries comes from a parameter
is judged per call: each caller binds its own value. Retry layers reach every function
their calls may run, unless a `try` that keeps every failure in stands between. The
graph is built once per project index and memoised; the value fixpoint is a worklist, in
which a function is computed again only when a value it read has changed.
"""

from __future__ import annotations

import functools
import itertools
from collections import deque
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from typing import Any, NamedTuple

from auditor.numbers import bounded_int
from auditor.project import CallFacts, ProjectIndex, PythonSummary
from auditor.python.model.ast_values import CONTAINER_METHODS
from auditor.python.model.class_hierarchy import MAX_DISPATCH, ClassHierarchy
from auditor.python.model.module_names import module_names
from auditor.python.model.retry_reach import RETRYING, Layer, RetryReach, Stacked, left_out

ARGV_SEPARATOR = "\x1f"  # between the literal words of an argv value (`("argv", WORDS)`)
_MAX_VALUES = 16  # clients one location holds: more are not followed
_FACTORY_DEPTH = 3  # factories followed to the constructor whose instance they return
# Modules whose classes in an annotation say nothing of where a value was made.
_GENERIC_MODULES = ("typing.", "typing_extensions.", "collections.", "abc.", "builtins.")
_MAX_FIELD_CLASSES = 4  # an attribute of unknown class: followed when this few classes have it
_MAX_ITEMS = 4  # items of a returned tuple a function returning it in turn passes on
_MAX_VARARGS = 8  # positions of a forwarded `*args` followed
_MAX_FORWARDS = 3  # calls that pass on `*args`/`**kwargs` followed up to an entry point
_MAX_EVALUATION_DEPTH = 48  # references followed one inside another (see `evaluate`)
_MAX_PASSED = 4  # callers a number is followed up through, parameter to parameter
_MAX_CALLERS = 64  # calls of one name looked at for the callables they pass (`search(`)
_GIVEN = ""  # the name the calls of a parameter are found under (see `callers`)


Token = tuple[str, str, Any]  # (module, site, retries)
# where a client's requests are sent: (function, the send's facts, the client's values)
SentThrough = tuple[str, tuple[Any, ...], list[Token]]
_ITEM_READS = frozenset({"get", "pop", "setdefault"})  # a container's methods that read one item
_TEXTS = ("text", "command")  # the sites of strings: a program's name, an agent's command
# The site of a callable value's token (a stored `lambda: OpenAI()`): its third item is
# the tokens a call of it returns.
CALLABLE = "callable"
# The kind of an agent object a library makes (`("agent", SITE, RESUMES)`, see
# `auditor.python.runner.agent_objects`): its token is (PATH@SITE, AGENT_OBJECT, RESUMES).
AGENT_OBJECT = "agent"


_NO_CALLEES: tuple[str, ...] = ()  # shared by every call that runs none


class _Function(NamedTuple):
    module: str
    qualname: str
    facts: Mapping[str, Any]


class CallGraph:
    """Functions, their callees and the client values reaching each location."""

    def __init__(self, summaries: Mapping[str, PythonSummary]) -> None:
        self.summaries = summaries
        self.modules_by_path = {summary.path: name for name, summary in summaries.items()}
        self.functions: dict[str, _Function] = {}
        self.classes: dict[str, Mapping[str, Any]] = {}
        self.class_module: dict[str, str] = {}
        for module, summary in summaries.items():
            graph = summary.graph
            for qualname, facts in graph.get("functions", {}).items():
                self.functions[f"{module}.{qualname}"] = _Function(module, qualname, facts)
            for name, data in graph.get("classes", {}).items():
                self.classes[f"{module}.{name}"] = data
                self.class_module[f"{module}.{name}"] = module
        files = {module: summary.path for module, summary in summaries.items()}
        self.hierarchy = ClassHierarchy(self.classes, self.functions, files)
        # a module's function named for what it makes (`create_client`): (module, `client`)
        self._factories: dict[tuple[str, str], str] = {}
        for fid, function in self.functions.items():
            verb, _, made = function.qualname.partition("_")
            if verb in _FACTORY_VERBS and made and "." not in function.qualname:
                self._factories[(function.module, made)] = fid
        # attribute -> the classes of the tree that store it (in a method or the class body)
        self._attribute_classes: dict[str, list[str]] = {}
        # a module-level name -> the functions that assign it and the values they give it
        # (the module's own body, and functions that declare it `global`)
        self._global_stores: dict[str, list[tuple[_Function, Any]]] = {}
        for function in self.functions.values():
            cls = function.facts.get("class")
            for target, *ref in function.facts.get("stores", ()):
                if target.startswith("global:"):
                    self._global_stores.setdefault(target[7:], []).append((function, ref))
                owner, attribute = (
                    (f"{function.module}.{target.split(':')[1]}", target.split(":")[2])
                    if target.startswith("class:")
                    else (f"{function.module}.{cls}" if cls else "", target)
                )
                if owner and not target.startswith("global:"):
                    known = self._attribute_classes.setdefault(attribute, [])
                    if owner not in known:
                        known.append(owner)
        for name, cls in self.classes.items():  # a dataclass's fields, and properties
            for attribute in (*cls.get("fields", ()), *cls.get("properties", ())):
                known = self._attribute_classes.setdefault(attribute, [])
                if name not in known:
                    known.append(name)
        # a class's name, lower case and without underscores -> the classes of that name
        self._classes_by_name: dict[str, list[str]] = {}
        for name in self.classes:
            key = name.rsplit(".", 1)[-1].replace("_", "").lower()
            self._classes_by_name.setdefault(key, []).append(name)
        self._callees: dict[tuple[str, int], Sequence[str]] = {}
        # what an instance keeps in an attribute (`stored_names`), by class family
        self._stored: dict[tuple[str, str, str, int], list[str]] = {}
        self._numbers: dict[tuple[str, str], int | None] = {}  # `parameter_number`'s
        self._by_callee: dict[str, dict[str, list[int]]] | None = None
        self._passed: frozenset[str] = frozenset()  # see `_passed_names`
        self._left: dict[tuple[str, str], bool] = {}  # (function, parameter) -> `_left_out`
        self._runs: dict[str, list[tuple[str, CallFacts]]] = {}  # function -> `_calls_of`
        self._passing: list[tuple[str, int]] | None = None  # see `passed_requests`
        self._runnables: list[tuple[str, CallFacts]] | None = None  # see `runnable_calls`
        # (module, site) of a client -> where its requests are sent: see `sent_through`
        self._sent: dict[tuple[str, str], list[SentThrough]] | None = None
        self.values: dict[tuple[Any, ...], set[Token]] = {}
        self._readers: dict[tuple[Any, ...], set[str]] = {}  # value key -> functions reading it
        self._flowing: str | None = None  # the function whose flow is being computed
        self._evaluating: set[tuple[str, Any]] = set()  # references being evaluated
        self._changed: list[tuple[Any, ...]] = []  # the keys its flow changed
        self._solve()
        self.under: dict[str, list[Layer]] = RetryReach(self).functions_under()

    def modules_named(self, module: str, reader: str | None = None) -> list[str]:
        """The tree's modules a dotted module name may stand for (see `module_names`),
        read by module `reader`: of several namesakes, those nearest it."""
        path = self.summaries[reader].path if reader is not None else None
        return module_names(self.summaries).named(module, path)

    def global_key(self, name: str, reader: str | None = None) -> str:
        """The key of a module-level name (`services.claude.client.claude`) under the name
        of the tree's module that holds it (`client.claude` in a namespace package), as
        module `reader` imports it."""
        module, _, attribute = name.rpartition(".")
        if not module or module in self.summaries:
            return name
        owners = self.modules_named(module, reader)
        return f"{owners[0]}.{attribute}" if len(owners) == 1 else name

    def callees(self, fid: str, number: int) -> Sequence[str]:
        """The functions call `number` of function `fid` may run."""
        key = (fid, number)
        if key not in self._callees:
            # most calls run none of the tree's functions: one empty list for them all
            self._callees[key] = self._resolve_call(fid, number) or _NO_CALLEES
        return self._callees[key]

    def passed_requests(self) -> list[tuple[str, int]]:
        """The calls of the tree that pass a client's request method as a value
        (`with_retry(client.messages.create, …)`): (function, call number), found once."""
        if self._passing is None:
            self._passing = [
                (fid, number)
                for fid, function in self.functions.items()
                for number, call in enumerate(function.facts.get("calls", ()))
                if call.details.requests
            ]
        return self._passing

    def runnable_calls(self) -> list[tuple[str, CallFacts]]:
        """The calls of the tree that make a retrying runnable of their receiver and hand
        it on (`return model.with_retry(…)`: `CallDetails.runnable`): (function, the
        call), found once."""
        if self._runnables is None:
            self._runnables = [
                (fid, call)
                for fid, function in self.functions.items()
                for call in function.facts.get("calls", ())
                if call.details.runnable is not None
            ]
        return self._runnables

    def sent_through(self, module: str, site: str) -> list[SentThrough]:
        """The requests sent through the client built at `site` in `module`: (function,
        the send's facts, the client's values there), from one pass over every send."""
        if self._sent is None:
            self._sent = {}
            for fid, function in self.functions.items():
                for send in function.facts.get("sends", ()):
                    by_client: dict[tuple[str, str], list[Token]] = {}
                    for token in {t for ref in send[3] for t in self.evaluate(fid, ref)}:
                        by_client.setdefault((token[0], token[1]), []).append(token)
                    for key, tokens in by_client.items():
                        self._sent.setdefault(key, []).append((fid, send, tokens))
        return self._sent.get((module, site), [])

    def class_constant(self, fid: str, attribute: str) -> list[str]:
        """The classes a class-level `ATTRIBUTE = (A, b.B)` names (last components), in
        the class of function `fid` or the nearest of its bases that sets it."""
        function = self.functions.get(fid)
        pending = [cls] if function and (cls := self._owner_class(function)) else []
        seen: set[str] = set()
        while pending:
            cls = pending.pop(0)
            if cls in seen or len(seen) >= MAX_DISPATCH:
                continue
            seen.add(cls)
            named = self.classes.get(cls, {}).get("names", {}).get(attribute)
            if named is not None:
                return [str(name).rsplit(".", 1)[-1] for name in named]
            pending += self.hierarchy.bases.get(cls, [])
        return []

    def _outer(self, function: _Function, ref: Any) -> _Function | None:
        """The enclosing function whose name a closure's `("outer", …)` reference reads."""
        return self.functions.get(f"{function.module}.{ref[1]}")

    def _owner_class(self, function: _Function) -> str | None:
        cls = function.facts.get("class")
        return f"{function.module}.{cls}" if cls else None

    def resolve(self, qualified: str, module: str | None = None) -> str | None:
        """What a name that `module` reads stands for (`ClassHierarchy.resolve`); of
        several namesakes (`from retrying import f` in a folder of scripts, beside another
        folder with its own `retrying.py`), the one whose file is nearest the reader's."""
        found = self.hierarchy.candidates(qualified)
        if len(found) < 2 or module is None:
            return found[0] if len(found) == 1 else None
        return self.hierarchy.nearest(found, self.summaries[module].path)

    def _resolve_call(self, fid: str, number: int) -> list[str]:
        function = self.functions[fid]
        callee = function.facts["calls"][number].callee
        self._callees[fid, number] = []  # a call that runs what runs it: followed once
        return self.targets(function, callee)

    def callers(self, fid: str, called: str | None = None) -> list[tuple[str, int]]:
        """The calls of the tree that may run function `fid`, by its name or by `called`
        (a class's name, for the calls of its `__init__`)."""
        if self._by_callee is None:  # a callee's last name -> its callers -> their calls of it
            self._by_callee = {}
            # a call by a name of no module of the tree (`subprocess.run`, `print`) runs
            # none of its functions: not counted against a common name's budget
            tops = {module.split(".", 1)[0] for module in self.summaries}
            # (unless the name stands for one of the tree all the same: a module of a
            # folder audited from inside, `pkg.utils.runner.run` for `runner.run`)
            outside: dict[str, bool] = {}
            for caller, function in self.functions.items():
                for number, call in enumerate(function.facts.get("calls", ())):
                    callee = call.callee
                    elsewhere = callee and callee[0] == "name" and _top(callee[1]) not in tops
                    if elsewhere and (named := callee[1]) not in outside:
                        outside[named] = not self.hierarchy.candidates(named)
                    last = None if elsewhere and outside[callee[1]] else _last_name(callee)
                    if last is None and calls_parameter(callee):
                        last = _GIVEN  # `executor_fn()`: what its callers give it, any name
                    if last is not None:
                        self._by_callee.setdefault(last, {}).setdefault(caller, []).append(number)
            self._passed = self._passed_names()
        last = called or fid.rsplit(".", 1)[-1]
        found: list[tuple[str, int]] = []
        # the calls of a parameter, for a function that some call passes on as a value
        for name in (last, _GIVEN) if last in self._passed else (last,):
            for caller, numbers in itertools.islice(
                self._by_callee.get(name, {}).items(), _MAX_CALLERS
            ):
                found += [(caller, n) for n in numbers if fid in self.callees(caller, n)]
        return found

    def _passed_names(self) -> frozenset[str]:
        """The last names of the functions the tree's calls pass as values (`attempt(step)`,
        `retry(self.run)`, `retry(provider.chat)`), or call in a lambda they pass."""
        found: set[str] = set()
        for function in self.functions.values():
            calls = function.facts.get("calls", ())
            for call in calls:
                for _, ref in (*call.args, *call.details.keywords):
                    if ref and ref[0] in ("global", "self", "field"):
                        found.add(str(ref[1]).rsplit(".", 1)[-1])
                    elif ref and ref[0] == "lambda":
                        results = (r[1] for r in ref[1] if r and r[0] == "result")
                        found.update(name for n in results if (name := _last_name(calls[n].callee)))
        return frozenset(found)

    def passed(self, fid: str, call: CallFacts, parameter: str) -> list[Any]:
        """The references a call of function `fid` gives its parameter `parameter`, at
        its place or by its name."""
        position = self.position(fid, parameter)
        # (a runner's call gives its own arguments first: `to_thread(fn, x)` gives `fn` x)
        shift = call.details.shift
        given = [r for i, r in call.args if position >= 0 and i - shift == position]
        return given + [r for k, r in call.details.keywords if k == parameter]

    def given_names(self, fid: str, parameter: str) -> list[str]:
        """The qualified names the calls of function `fid` give its parameter `parameter`
        (a class handed to a factory: `make_client(client_class=AsyncAnthropic)`)."""
        found = [
            ref[1]
            for caller, number in self.callers(fid)
            for ref in self.passed(fid, self.functions[caller].facts["calls"][number], parameter)
            if ref and ref[0] == "global"
        ]
        return list(dict.fromkeys(found))

    def _given_callables(self, fid: str, parameter: str, depth: int = 0) -> list[str]:
        """What a call of parameter `parameter` of `fid` runs: the functions the callers
        pass it (`with_retry(fetch)`, `self.fetch`, `provider.chat`), or the calls of the
        lambda they pass (`with_retry(lambda: self._call_api(prompt))`, run where the
        parameter is called), also through a caller's own parameter it passes on
        (`retry_with_backoff(operation=operation)` in `with_retry(self, operation)`), a
        function a factory returns (`with_retry(make_completer(key))`), and the lambdas a
        module's container holds (`with_retry(REGISTRY[name])`)."""
        found: list[str] = []
        for caller, number in self.callers(fid):
            for ref in self.passed(fid, self.functions[caller].facts["calls"][number], parameter):
                if ref[0] == "param" and depth < _FACTORY_DEPTH:
                    found += self._given_callables(caller, ref[1], depth + 1)
                elif ref[0] == "lambda":
                    found += [
                        c for r in ref[1] if r[0] == "result" for c in self.callees(caller, r[1])
                    ]
                elif ref[0] == "result":
                    found += self._returned_functions(caller, ref)
                elif ref[0] in ("global", "self"):
                    if ref[0] == "global":
                        found += self._held_lambdas(ref[1], self.functions[caller].module)
                    kind = "name" if ref[0] == "global" else "self"
                    found += self.targets(self.functions[caller], (kind, ref[1]))
                elif ref[0] == "field" and len(ref) > 3:  # a bound method: `provider.chat`
                    found += self.targets(self.functions[caller], ("method", ref[3], ref[1]))
        return list(dict.fromkeys(found))[:MAX_DISPATCH]

    def targets(self, function: _Function, callee: Any) -> list[str]:
        """The functions a callee expression of `function` may run."""
        if not callee:
            return []
        kind = callee[0]
        cls = self._owner_class(function)
        if kind == "self" and cls is not None:
            methods = [n for n in self.hierarchy.dispatch(cls, callee[1]) if n in self.functions]
            return methods or self._stored_functions(function, cls, callee[1])
        if kind == "super" and cls is not None:
            inherited = [
                self.hierarchy.method(base, callee[1]) for base in self.hierarchy.bases.get(cls, [])
            ]
            return [name for name in inherited if name and name in self.functions]
        if kind == "method":
            found: list[str] = []
            instances = self._instances(function, callee[1])
            for cls in instances:
                found += [
                    name
                    for name in self.hierarchy.dispatch(cls, callee[2])
                    if name in self.functions and not self.hierarchy.declared_abstract(name)
                ]
            if found and self._unresolved(function, callee[1]):
                # a receiver holds every value a path gives it: where one path's is of no
                # known class (`entry["provider"]` in one branch, `Legacy(…)` in the
                # other), the overrides in the known classes' families are candidates too
                known = {name.rpartition(".")[0] for name in found}
                shared = set().union(*(self.hierarchy.families(cls) for cls in known))
                overrides = self.hierarchy.abstract(callee[2], function.module)
                found += [
                    n
                    for n in overrides
                    if n in self.functions
                    and n not in found
                    and self.hierarchy.families(n.rpartition(".")[0]) & shared
                ]
            if found:
                return found[:MAX_DISPATCH]
            if instances and not self._unresolved(function, callee[1]):
                return []  # objects of the tree's classes, none of which has the method
            if self._made_outside(function, callee[1]) or self._annotated(function, callee[1]):
                return []  # an object of a class the tree does not define, or of one it
                # names, which no class implements (a protocol of a method it lacks)
            if callee[2] in CONTAINER_METHODS:
                return []  # `events.append(e)`, `table.get(k)`: a builtin container's
            overrides = self.hierarchy.abstract(callee[2], function.module)
            return [name for name in overrides if name in self.functions]
        if kind == "name":
            # a method of an instance a module keeps (`proxy = Proxy()`, `proxy.call()`)
            head, _, method = callee[1].rpartition(".")
            held = self.global_instances(head, function.module) if head else []
            if held:
                found = [
                    name
                    for cls in held
                    for name in self.hierarchy.dispatch(cls, method)
                    if name in self.functions and not self.hierarchy.declared_abstract(name)
                ]
                return found[:MAX_DISPATCH]
            resolved = self.resolve(callee[1], function.module)
            if resolved in self.classes:
                init = self.hierarchy.method(resolved, "__init__")
                return [init] if init and init in self.functions else []
            if resolved is None and "." in callee[1]:  # `Class.method` through a module
                head, _, method = callee[1].rpartition(".")
                owner = self.resolve(head, function.module)
                if owner in self.classes:
                    static = self.hierarchy.method(owner, method)
                    return [static] if static else []
            if resolved in self.functions:
                return [resolved]
            # a module-level name that holds functions (`ask = ask_new`, `ask = pick()`)
            return self._held_lambdas(callee[1], function.module, functions=True)
        if kind == "value":
            names = [r[1] for r in callee[1] if r and r[0] == "global"]
            found = [
                n for r in names if (n := self.resolve(r, function.module)) and n in self.functions
            ]
            for cls in self._classes_held(function, callee[1]):  # constructed: its `__init__`
                init = self.hierarchy.method(cls, "__init__")
                found += [init] if init and init in self.functions else []
            fid = f"{function.module}.{function.qualname}"
            for ref in callee[1]:
                if ref and ref[0] == "param":
                    found += self._given_callables(fid, ref[1])
                elif ref and ref[0] == "outer" and (outer := self._outer(function, ref)):
                    found += self.targets(outer, ("value", ref[2]))  # the enclosing's value
                elif ref and ref[0] == "self":  # a method kept in a name (`getattr(self, …)`)
                    found += self.targets(function, ref)
                elif ref and ref[0] == "result":  # `complete = make_completer(key)`
                    found += self._returned_functions(fid, ref)
                elif ref and ref[0] == "global":  # `REGISTRY[name](prompt)`
                    found += self._held_lambdas(ref[1], function.module)
            return found
        return []

    def _stored_functions(self, function: _Function, cls: str, attribute: str) -> list[str]:
        """The functions of the tree the instance keeps in `self.ATTR`, which no method of
        its class is: what its methods store there (`self._generate = deepseek_generate`,
        `self._generate = get_provider(name)`), run where it is called."""
        method = function.qualname.removeprefix(f"{function.facts.get('class', '')}.")
        found: list[str] = []
        for member in self.hierarchy.instance_classes(cls, method.split(".", 1)[0]):
            for name in self.classes[member].get("methods", ()):
                storing = self.functions.get(f"{member}.{name}")
                for target, *ref in storing.facts.get("stores", ()) if storing else ():
                    if target != attribute or not ref or storing is None:
                        continue
                    sid = f"{storing.module}.{storing.qualname}"
                    if ref[0] == "global":
                        held = self.resolve(ref[1], storing.module)
                        found += [held] if held in self.functions else []
                    elif ref[0] == "result":
                        found += self._returned_functions(sid, ref)
        return list(dict.fromkeys(found))[:MAX_DISPATCH]

    def stored_names(self, fid: str, attribute: str, depth: int = 0) -> list[str]:
        """The qualified names an instance of the class of method `fid` keeps in
        `self.ATTR`, functions of the tree or not: what its methods store there by name
        (`self.query = claude_agent_sdk.query`), or what the calls of the storing method
        give the parameter stored there (`self.query = query_func`, built by
        `Executor(query_func=sdk.query)`, or `query_func=self.query` of another instance).
        Found once per class family and attribute."""
        function = self.functions[fid]
        cls = self._owner_class(function)
        if cls is None or depth >= _FACTORY_DEPTH or attribute not in self._stored_attributes:
            return []
        method = function.qualname.removeprefix(f"{function.facts.get('class', '')}.")
        key = (cls, method.split(".", 1)[0], attribute, depth)
        if key in self._stored:
            return self._stored[key]
        self._stored[key] = []  # a store that reads itself stops here
        found: list[str] = []
        for member in self.hierarchy.instance_classes(cls, method.split(".", 1)[0]):
            for name in self.classes[member].get("methods", ()):
                sid = f"{member}.{name}"
                storing = self.functions.get(sid)
                if storing is None:
                    continue
                for target, *ref in storing.facts.get("stores", ()):
                    if target != attribute or not ref:
                        continue
                    if ref[0] == "global":
                        found.append(self.resolve(ref[1], storing.module) or ref[1])
                    elif ref[0] == "param":
                        found += self._given_names(sid, ref[1], depth)
        self._stored[key] = list(dict.fromkeys(found))[:MAX_DISPATCH]
        return self._stored[key]

    @functools.cached_property
    def _stored_attributes(self) -> frozenset[str]:
        """The attributes some method of the tree stores a name or a parameter in."""
        return frozenset(
            target
            for function in self.functions.values()
            for target, *ref in function.facts.get("stores", ())
            if ref and ref[0] in ("global", "param")
        )

    def _given_names(self, fid: str, parameter: str, depth: int) -> list[str]:
        """The qualified names the calls of `fid` (a class's construction, for its
        `__init__`) give its parameter: by name, or what the caller's instance keeps in the
        attribute it passes (`query_func=self.query`)."""
        function = self.functions[fid]
        initialiser = function.qualname.rsplit(".", 1)[-1] == "__init__"
        cls = function.facts.get("class") if initialiser else None
        found: list[str] = []
        for caller, number in self.callers(fid, cls.rsplit(".", 1)[-1] if cls else None):
            module = self.functions[caller].module
            for ref in self.passed(fid, self.functions[caller].facts["calls"][number], parameter):
                if ref and ref[0] == "global":
                    found.append(self.resolve(ref[1], module) or ref[1])
                elif ref and ref[0] == "self":
                    found += self.stored_names(caller, ref[1], depth + 1)
        return found

    def _returned_functions(self, fid: str, ref: Any, depth: int = 0) -> list[str]:
        """The functions of the tree a call's result may be: what the function it calls
        returns by name (`def make_completer(): … def complete(): …; return complete`)."""
        found: list[str] = []
        if depth >= _FACTORY_DEPTH:
            return found
        for target in self.callees(fid, ref[1]):
            maker = self.functions[target]
            for item, *returned in maker.facts.get("returns", ()):
                if item != ref[2] or not returned:
                    continue
                if returned[0] == "global":
                    name = self.resolve(returned[1], maker.module) or returned[1]
                    found += [name] if name in self.functions else []
                    # (or an item of a module's container: `return PROVIDERS[name]`)
                    found += self._held_lambdas(
                        returned[1], maker.module, functions=True, depth=depth
                    )
                elif returned[0] == "result":  # `fn = PROVIDERS.get(name)`, then `return fn`
                    callee = maker.facts["calls"][returned[1]].callee
                    head, _, method = str(callee[1]).rpartition(".") if callee else ("", "", "")
                    if callee and callee[0] == "name" and method in _ITEM_READS and head:
                        found += self._held_lambdas(head, maker.module, functions=True, depth=depth)
        return found

    def _held_lambdas(
        self, name: str, reader: str, *, functions: bool = False, depth: int = 0
    ) -> list[str]:
        """What the lambdas a module-level name or container holds call (`REGISTRY =
        {"gpt": lambda p: send_openai(p, "gpt")}`): run where it or an item of it is
        called; with `functions`, also the functions of the tree it holds
        (`PROVIDERS["deepseek"] = deepseek_generate`, also filled in a function, or `ask =
        pick_client()` where that returns one: a call's result, followed `depth` factories
        deep at most)."""
        found: list[str] = []
        for holder, held in self._global_stores.get(self.global_key(name, reader), ()):
            if held and held[0] == "lambda":
                hid = f"{holder.module}.{holder.qualname}"
                found += [
                    c for r in held[1] if r and r[0] == "result" for c in self.callees(hid, r[1])
                ]
            elif functions and held and held[0] == "global":
                function = self.resolve(held[1], holder.module)
                found += [function] if function in self.functions else []
            elif functions and held and held[0] == "result":
                sid = f"{holder.module}.{holder.qualname}"
                found += self._returned_functions(sid, held, depth + 1)
        return found

    def _instances(self, function: _Function, refs: Iterable[Any], depth: int = 0) -> list[str]:
        """The classes of the tree whose instances a receiver's references may hold: the
        classes their constructor calls name (`Builder(x).build()`, `b = Builder(x)`),
        also through a factory of the tree that returns one (`get_browser().execute()`)."""
        found: list[str] = []
        for ref in refs:
            if ref and ref[0] == "self" and self._owner_class(function) and depth < _FACTORY_DEPTH:
                found += self._stored_instances(function, ref[1], depth + 1)
            if ref and ref[0] == "param":  # what the callers pass it (`run(self.provider)`)
                given = self._given_instances(function, ref[1], depth)
                typed = function.facts.get("annotations", {}).get(ref[1])
                # else its annotation's, else the class its name names
                found += given or self._typed_or_named(function, typed, ref[1])
            if ref and ref[0] == "field" and not (len(ref) > 2 and ref[2]):
                # an attribute of an object of unknown class: `steps.claude_runner`
                found += self._named(ref[1], function.module)
            elif ref and ref[0] == "field" and depth < _FACTORY_DEPTH:
                # of an object of a known class (`target.provider`, `target: Target`):
                # what the class stores there, else what its annotation there names
                for owner in self._field_classes(function, ref, depth + 1):
                    found += self._attribute_instances([owner], owner, ref[1], depth + 1)
            if ref and ref[0] == "outer" and (outer := self._outer(function, ref)) is not None:
                found += self._instances(outer, ref[2], depth)
            if not ref or ref[0] != "result":
                continue
            callee = function.facts["calls"][ref[1]].callee
            named = callee and callee[0] == "name"
            resolved = self.resolve(callee[1], function.module) if named else None
            if resolved in self.classes:
                found.append(resolved)
            elif callee and callee[0] == "value":  # `PROVIDERS[name]()`, `cls = Runner; cls()`
                found += self._classes_held(function, callee[1])
            elif depth < _FACTORY_DEPTH:  # a factory, or a builder's method (`.with_x()`)
                fid = f"{function.module}.{function.qualname}"
                if _item_read(callee) and not self.callees(fid, ref[1]):
                    # `self.providers.get(name)`: an item of the container, as `[name]` is,
                    # or what its annotation says its items are
                    found += self._instances(function, callee[1], depth + 1)
                    found += self._held_items(function, callee[1])
                for target in self.callees(fid, ref[1]):
                    maker = self.functions[target]
                    given = [r for item, *r in maker.facts.get("returns", ()) if item == ref[2]]
                    this = any(r and r[0] == "this" for r in given)
                    if this:  # `return self`: the receiver
                        found += self._receivers(function, callee, depth + 1)
                    made = self._instances(maker, given, depth + 1)
                    returned = str(maker.facts.get("returned") or "")
                    owner = str(maker.facts.get("class") or "")
                    # what its return annotation says, unless it names its own class (a
                    # builder's step, `-> TaskBuilder`: its receiver's, as `return self`)
                    own = returned.rsplit(".", 1)[-1] == owner.rsplit(".", 1)[-1]
                    if not made and ref[2] == -1 and returned and not this and not own:
                        made = self._typed(returned, maker.module, outside=False)
                    found += made
        return found

    def _held_items(self, function: _Function, refs: Iterable[Any]) -> list[str]:
        """The classes the annotation of a container attribute of the instance says its
        items are (`self.providers: dict[str, BaseProvider]`)."""
        cls = self._owner_class(function)
        found: list[str] = []
        for ref in refs:
            if not (ref and ref[0] == "self" and cls is not None):
                continue
            for member in self.hierarchy.lineage(cls):
                annotation = self.classes[member].get("items", {}).get(ref[1])
                found += self._typed(annotation, self.class_module[member])
        return found

    def _classes_held(self, function: _Function, refs: Iterable[Any], depth: int = 0) -> list[str]:
        """The classes of the tree that global references of `function` name, or that the
        module-level names they read hold (a registry: `PROVIDERS = {"a": AProvider}`), or
        that the lambdas they hold make (`{"a": lambda: AProvider(key)}`)."""
        found: list[str] = []
        for ref in refs:
            if ref and ref[0] == "result" and depth < _FACTORY_DEPTH:
                # `adapters.get(provider)` of a dict of classes: what the dict holds
                callee = function.facts["calls"][ref[1]].callee
                fid = f"{function.module}.{function.qualname}"
                if _item_read(callee) and not self.callees(fid, ref[1]):
                    found += self._classes_held(function, callee[1], depth + 1)
            if ref and ref[0] == "lambda" and depth < _FACTORY_DEPTH:
                # `{"a": lambda: AProvider(key)}[name]()`: what the lambda's body makes
                found += self._instances(function, ref[1], depth + 1)
            if not ref or ref[0] != "global":
                continue
            resolved = self.resolve(ref[1], function.module)
            if resolved in self.classes:
                found.append(resolved)
                continue
            stores = self._global_stores.get(self.global_key(ref[1], function.module), ())
            for holder, held in stores:
                if held and held[0] == "global":
                    cls = self.resolve(held[1], holder.module)
                    found += [cls] if cls in self.classes else []
        return list(dict.fromkeys(found))[:MAX_DISPATCH]

    def _annotated(self, function: _Function, refs: Sequence[Any]) -> bool:
        """Whether a receiver is a parameter annotated with a class of the tree."""
        annotations = function.facts.get("annotations", {})
        return any(
            self.resolve(named, function.module) in self.classes
            for ref in refs
            if ref and ref[0] == "param"
            for named in str(annotations.get(ref[1]) or "").split("|")
            if named
        )

    def _unresolved(self, function: _Function, refs: Sequence[Any], depth: int = 0) -> bool:
        """Whether one of a receiver's references (through the closures around it) holds
        no instance of a class of the tree, nor an object made outside it."""
        for ref in refs:
            if ref and ref[0] == "outer" and depth < _FACTORY_DEPTH:
                outer = self._outer(function, ref)
                if outer is not None and self._unresolved(outer, ref[2], depth + 1):
                    return True
            elif not self._instances(function, [ref]) and not self._made_outside(function, [ref]):
                return True
        return False

    def _made_outside(self, function: _Function, refs: Sequence[Any], depth: int = 0) -> bool:
        """Whether a receiver holds only what calls of names imported from outside the
        tree return (`client = ollama.Client(host=…)`, then `client.chat(…)`), or their
        methods (`client.pipeline()`), or a parameter annotated with such a class: an
        object whose class the tree does not define, so none of the tree's methods runs
        on it."""
        for ref in refs:
            if ref and ref[0] == "param" and self._annotated_outside(function, ref[1]):
                continue  # `pipe: redis.asyncio.client.Pipeline`
            if not ref or ref[0] != "result":
                return False
            callee = function.facts["calls"][ref[1]].callee
            if (
                callee
                and callee[0] == "method"
                and depth < _FACTORY_DEPTH
                and self._made_outside(function, callee[1], depth + 1)
            ):
                continue  # `client.pipeline()`, `client` made outside the tree
            if not callee or callee[0] != "name" or "." not in callee[1]:
                return False  # a local name, a builtin: of no known origin
            if self.resolve(callee[1], function.module) is not None:
                return False
            head = callee[1].split(".", 1)[0]
            if head in self.summaries or self.modules_named(head, function.module):
                return False
        return bool(refs)

    def _annotated_outside(self, function: _Function, parameter: str) -> bool:
        """Whether a parameter's annotation names only classes of modules outside the tree
        (not `typing`'s and the like, which say nothing of where its value was made)."""
        annotation = str(function.facts.get("annotations", {}).get(parameter) or "")
        names = [n for n in annotation.split("|") if n and n != "None"]
        return bool(names) and all(
            "." in name
            and not name.startswith(_GENERIC_MODULES)
            and self.resolve(name, function.module) is None
            and (head := name.split(".", 1)[0]) not in self.summaries
            and not self.modules_named(head, function.module)
            for name in names
        )

    def global_instances(self, name: str, reader: str) -> list[str]:
        """The classes of the tree whose instances a module-level name holds, as module
        `reader` names it (`openai_proxy = OpenAIProxy()`, also where a function declares
        it `global` and sets it again): none for a name nothing gives a constructor's (or
        a factory's) result."""
        found: list[str] = []
        for holder, ref in self._global_stores.get(self.global_key(name, reader), ()):
            if ref and ref[0] == "result":
                found += self._instances(holder, [ref])
        return list(dict.fromkeys(found))

    def _receivers(self, function: _Function, callee: Any, depth: int) -> list[str]:
        """The classes of the instance a method call is made on (`b.with_x()`: what `b`
        holds; `self.with_x()`: the calling method's class)."""
        if callee and callee[0] == "method":
            return self._instances(function, callee[1], depth)
        owner = self._owner_class(function) if callee and callee[0] == "self" else None
        return [owner] if owner else []

    def _stored_instances(self, function: _Function, attribute: str, depth: int = 0) -> list[str]:
        """The classes of the instances the methods of the class store in `self.ATTR`
        (`self.locator = Locator()` in `__init__`)."""
        cls = self._owner_class(function)
        method = function.qualname.rsplit(".", 1)[-1]
        members = self.hierarchy.instance_classes(cls or "", method)
        return self._attribute_instances(members, cls, attribute, depth)

    def _attribute_instances(
        self, members: Iterable[str], cls: str | None, attribute: str, depth: int
    ) -> list[str]:
        """The classes of the instances the methods of `members` store in `self.ATTR`,
        else those the annotation of `ATTR` in the body of `cls` or a base names."""
        found: list[str] = []
        for member in members:
            for name in self.classes[member].get("methods", ()):
                method = self.functions.get(f"{member}.{name}")
                for target, *ref in method.facts.get("stores", ()) if method else ():
                    if target == attribute and ref and ref[0] == "result" and method:
                        found += self._instances(method, [ref], depth)
                    elif target == attribute and ref and ref[0] == "param" and method:
                        # what its callers pass, else what its annotation names
                        given = self._given_instances(method, ref[1], depth)
                        typed = method.facts.get("annotations", {}).get(ref[1])
                        found += given or self._typed_or_named(method, typed, ref[1])
        if not found and cls is not None:  # else the class its annotation there names
            for member in self.hierarchy.lineage(cls):
                annotation = self.classes[member].get("typed", {}).get(attribute)
                if classes := self._typed(annotation, self.class_module[member]):
                    return classes
        return found[:MAX_DISPATCH]

    def _typed(self, annotation: str | None, module: str, *, outside: bool = True) -> list[str]:
        """The classes of the tree a value annotated `annotation` in `module` may be an
        instance of (`ClassHierarchy.implementers`), of each class of a union (`A|B`):
        none when it names no class here (nor, with `outside`, a base of the tree's
        classes outside it)."""
        found: list[str] = []
        for named in annotation.split("|") if annotation else ():
            cls = self.resolve(named, module)
            if cls is None and outside:  # a base outside the tree: the tree's subclasses
                found += self.hierarchy.outside_derived(named)
            elif cls in self.classes:
                found += self.hierarchy.implementers(cls)
        return list(dict.fromkeys(found))

    def _typed_or_named(self, method: _Function, annotation: str | None, name: str) -> list[str]:
        """The classes a parameter of `method` may hold by its annotation, or, without one
        and with no caller in the tree to give it a value, by its name (`_named`)."""
        if annotation:
            return self._typed(annotation, method.module)
        return [] if self._called(method) else self._named(name, method.module)

    def _called(self, method: _Function) -> bool:
        """Whether a call of the tree may run `method` (a class's construction, for its
        `__init__`)."""
        name = method.qualname.rsplit(".", 1)[-1]
        cls = method.facts.get("class") if name == "__init__" else None
        fid = f"{method.module}.{method.qualname}"
        return bool(self.callers(fid, cls.rsplit(".", 1)[-1] if cls else None))

    def _named(self, name: str, reader: str) -> list[str]:
        """The class of the tree a value named `name`, of no other known class, holds by
        the naming convention of injected dependencies: `claude_runner` or `_claude_runner`
        a `ClaudeRunner`, when one class of that name is the nearest to module `reader`
        (in the folder nearest its file). Only a name of two words or more names a class
        so: `agent` or `client` alone could hold anything."""
        if "_" not in name.strip("_"):
            return []
        classes = self._classes_by_name.get(name.replace("_", "").lower(), [])
        if len(classes) > 1:
            here = self.summaries[reader].path.split("/")
            shared = {cls: _shared_steps(here, self._class_path(cls)) for cls in classes}
            classes = [cls for cls in classes if shared[cls] == max(shared.values())]
        return self.hierarchy.implementers(classes[0]) if len(classes) == 1 else []

    def _class_path(self, cls: str) -> list[str]:
        return self.summaries[self.class_module[cls]].path.split("/")

    def _given_instances(self, method: _Function, param: str, depth: int) -> list[str]:
        """The classes of the instances the calls of a function pass to its parameter
        `param`: a constructor's (`RetryClient(AnthropicClient(…))` stores its `inner`), or
        any function's (`self._generate_with(self.provider, …)` calls `provider.generate`)."""
        if depth >= _FACTORY_DEPTH:
            return []
        fid = f"{method.module}.{method.qualname}"
        position = self.position(fid, param)
        name = method.qualname.rsplit(".", 1)[-1]
        cls = method.facts.get("class") if name == "__init__" else None
        found: list[str] = []
        for caller, number in self.callers(fid, cls.rsplit(".", 1)[-1] if cls else None):
            call = self.functions[caller].facts["calls"][number]
            given = [r for i, r in call.args if i == position]
            given += [r for k, r in call.details.keywords if k == param]
            found += self._instances(self.functions[caller], given, depth + 1)
        return found

    # -- values
    def field_values(self, attribute: str, annotation: str) -> set[Token]:
        """The program names the tree's classes give `attribute` of an object of class
        `annotation` ("": unknown, then of the few classes that have it); only program
        names: a client is never taken by an attribute's name alone."""
        owners = self._attribute_classes.get(attribute, [])
        if annotation:  # the receiver's annotated class, if it is the tree's
            typed = self.hierarchy.resolve(annotation)
            family = self.hierarchy
            owners = family.lineage(typed) + family.descendants(typed) if typed else []
        return {t for t in self._field_reads(attribute, owners) if t[1] in _TEXTS}

    def _field_reads(self, attribute: str, owners: Sequence[str]) -> set[Token]:
        """Every value the classes `owners` give `attribute` (stored, or a property's)."""
        found: set[Token] = set()
        for owner in owners[:_MAX_FIELD_CLASSES]:
            found |= self._read(("A", owner, attribute))
            if attribute in self.classes.get(owner, {}).get("properties", ()):
                found |= self._read(("R", f"{owner}.{attribute}", -1))
        return found

    def _field_classes(self, function: _Function, ref: Any, depth: int = 0) -> list[str]:
        """The tree's classes an attribute read `ref` (`("field", NAME, ANNOTATION,
        RECEIVER)`) reads the attribute of: the annotated class and its family, else the
        classes whose instances the receiver holds (followed `depth` deep so far: a chain
        of attributes handed from caller to caller ends at `_FACTORY_DEPTH`)."""
        annotation = str(ref[2]) if len(ref) > 2 and ref[2] else ""
        found: list[str] = []
        for named in annotation.split("|") if annotation else ():
            if (typed := self.hierarchy.resolve(named)) is not None:
                found += self.hierarchy.lineage(typed) + self.hierarchy.descendants(typed)
        if found:
            return list(dict.fromkeys(found))
        return self._instances(function, ref[3], depth) if len(ref) > 3 else []

    def global_texts(self, name: str, reader: str | None = None) -> set[Token]:
        """The program names and agent command strings module-level name `name`
        (qualified, as module `reader` imports it) holds."""
        return {t for t in self._read(("G", self.global_key(name, reader))) if t[1] in _TEXTS}

    def evaluate(self, fid: str, ref: Any) -> set[Token]:
        """The values a reference of function `fid` may hold; a value defined through
        itself (`fn = fn(…)`: calling what the call returns) holds nothing more inside its
        own evaluation, and evaluations nest to a bounded depth."""
        key = (fid, ref if isinstance(ref, tuple) else repr(ref))  # a list, from the cache
        if key in self._evaluating or len(self._evaluating) >= _MAX_EVALUATION_DEPTH:
            return set()
        self._evaluating.add(key)
        try:
            return self._evaluate(fid, ref)
        finally:
            self._evaluating.discard(key)

    def _evaluate(self, fid: str, ref: Any) -> set[Token]:
        function = self.functions[fid]
        kind = ref[0]
        if kind == "client":
            return {(function.module, ref[1], self._spread_retries(ref[2], function.module))}
        if kind == "argv":  # where it is written, for related locations
            site = ref[2] if len(ref) > 2 else "0:0"
            return {(f"{self.summaries[function.module].path}@{site}", "argv", ref[1])}
        if kind in ("text", "command"):
            return {("", kind, ref[1])}
        if kind == RETRYING:
            return {(function.module, RETRYING, ref[1])}
        if kind == AGENT_OBJECT:
            return {(f"{self.summaries[function.module].path}@{ref[1]}", AGENT_OBJECT, ref[2])}
        if kind == "list":  # an argv whose program is a value: `[binary, "app-server"]`
            origin = f"{self.summaries[function.module].path}@{ref[3]}"
            programs = {t[2] for r in ref[1] for t in self.evaluate(fid, r) if t[1] == "text"}
            tail = f"{ARGV_SEPARATOR}{ref[2]}" if ref[2] else ""
            return {(origin, "argv", f"{program}{tail}") for program in sorted(programs)[:4]}
        if kind == "field":
            # of an object whose class is known (its annotation, or what the receiver
            # holds: `handler.openai_client`), every value the class gives the attribute;
            # of one not annotated, also the program names the few classes that have it give
            read = self._field_reads(ref[1], self._field_classes(function, ref))
            return read if len(ref) > 2 and ref[2] else read | self.field_values(ref[1], "")
        if kind == "param":
            return self._read(("P", fid, ref[1]))
        if kind == "outer":  # a closure's free name: as its enclosing function holds it
            outer = self._outer(function, ref)
            if outer is None:
                return set()
            enclosing = f"{outer.module}.{outer.qualname}"
            return {t for r in ref[2] for t in self.evaluate(enclosing, r)}
        if kind == "global":
            held = self._read(("G", self.global_key(ref[1], function.module)))
            named = self.resolve(ref[1], function.module)
            if named is not None and named in self.functions:  # a function as a value
                returned = frozenset(self._read(("R", named, -1)))  # what calling it returns
                return held | {(function.module, CALLABLE, returned)} if returned else held
            return held
        if kind == "self":
            owner = self._owner_class(function)
            if owner is None or owner not in self.classes:
                return set()
            # the method it is, or that a closure is defined in (`run.<locals>` `_attempt`)
            cls = function.facts.get("class", "")
            method = function.qualname.removeprefix(f"{cls}.").split(".", 1)[0]
            members = self.hierarchy.instance_classes(owner, method)
            found: set[Token] = set()
            for member in members:
                found |= self._read(("A", member, ref[1]))
                if ref[1] in self.classes[member].get("properties", ()):
                    found |= self._property(f"{member}.{ref[1]}", members)
            return found
        if kind == "lambda":  # a callable value: what calling it returns
            returned = frozenset(t for r in ref[1] for t in self.evaluate(fid, r))
            return {(function.module, CALLABLE, returned)} if returned else set()
        if kind == "result":
            by_callee = self._returned(fid, ref[1], ref[2])
            found = {token for tokens in by_callee.values() for token in tokens}
            if not by_callee and ref[2] == -1:  # a callable value: `self._factory()`
                found |= self._called_values(fid, function.facts["calls"][ref[1]].callee)
            return found
        return set()

    def _returned(self, fid: str, number: int, item: int) -> dict[str, set[Token]]:
        """What call `number` of `fid` returns (item `item` of a tuple, -1 the whole
        value), by each function it may run, as the call binds it."""
        entry = self.functions[fid].facts["calls"][number]
        return {
            callee: {self._bind(t, entry, callee) for t in self._read(("R", callee, item))}
            for callee in self.callees(fid, number)
        }

    def _property(self, prop: str, members: list[str]) -> set[Token]:
        """What a property returns to a method whose instances are of `members`: an
        attribute it returns (`return self._client`) read on those instances only (a
        subclass's store is its own instances'), anything else as the property returns
        it on every instance."""
        returns = self.functions[prop].facts.get("returns", ()) if prop in self.functions else ()
        found: set[Token] = set()
        for item, *ref in returns:
            if item == -1 and ref and ref[0] == "self":
                for member in members:
                    found |= self._read(("A", member, ref[1]))
            elif item == -1:
                return self._read(("R", prop, -1))
        return found

    def _called_values(self, fid: str, callee: Any) -> set[Token]:
        """What calling a callable value returns (`self._factory = lambda: OpenAI()`)."""
        if not callee or callee[0] not in ("self", "value"):
            return set()
        refs = [callee] if callee[0] == "self" else callee[1]
        held = {t for r in refs for t in self.evaluate(fid, r)}
        return {inner for token in held if token[1] == CALLABLE for inner in token[2]}

    def _spread_retries(self, retries: Any, reader: str) -> Any:
        """A client's retries as a module's dict constant spread into its constructor
        sets them (`spread:QUALIFIED:KEYWORDS`, see `graph_facts`): the number the dict
        gives the first of the keywords it holds (`num_retries|max_retries`), else
        unknown."""
        if not (isinstance(retries, str) and retries.startswith("spread:")):
            return retries
        _, qualified, keywords = retries.split(":")
        module, _, name = self.global_key(qualified, reader).rpartition(".")
        summary = self.summaries.get(module)
        mappings = summary.graph.get("mappings", {}) if summary is not None else {}
        held = mappings.get(name, {})
        number = next((held[k] for k in keywords.split("|") if k in held), None)
        return number if isinstance(number, int) else "?"

    def _bind(self, token: Token, call: CallFacts, callee: str) -> Token:
        """A client token as a call binds its retries (`param:NAME`, `kwarg:KEY:DEFAULT`)."""
        module, site, retries = token
        if site == RETRYING:
            return self._bind_retrying(token, call, callee)
        if site == "argv" or not isinstance(retries, str) or ":" not in retries:
            return token
        kind, name, *rest = retries.split(":")
        facts = self.functions[callee].facts
        details = call.details
        given = [key for key in name.split("|") if key in details.given]  # (`kwarg:` keys)
        if given:
            value = dict(details.ints).get(given[0])
            return (module, site, value if value is not None else "?")
        if kind == "param":
            position = self.position(callee, name)
            if 0 <= position < call.arg_count:
                value = dict(details.positional).get(position)
                return (module, site, value if value is not None else "?")
            default = facts.get("defaults", {}).get(name)
            return (module, site, default if isinstance(default, int) else "?")
        if details.spread:
            return token  # forwarded `**kwargs`: the next caller binds it
        default = bounded_int(rest[0]) if rest else None
        return (module, site, default if default is not None else "?")

    def _bind_retrying(self, token: Token, call: CallFacts, callee: str) -> Token:
        """A retrying object a factory of the tree returns (`self._retry = make_retry()`,
        `def make_retry(exceptions=Exception): return retry(…)`), as the call binds the
        factory's parameters that name the classes it retries: those the call leaves out
        are their defaults (`RetryReach` reads `INDEX#NAME,…`); one it gives stays a class
        of that name, as a value it passes is not read here."""
        module, site, made_at = token
        function = self.functions[callee]
        if not isinstance(made_at, int) or function.module != module:
            return token  # bound already, or made by another function than this callee
        layers = self.summaries[module].graph["layers"]
        last = function.qualname.rsplit(".", 1)[-1]
        index = self.summaries[module].graph.get("retry_objects", {}).get(last)
        made = layers[index] if index is not None else {}
        same = made.get("at") == layers[made_at]["at"]  # the callee's own returned object
        if not same or "defaults" not in made or call.details.spread or call.details.star:
            return token
        given = set(call.details.given)
        defaulted = [
            name
            for name in made["defaults"]
            if name not in given and not 0 <= self.position(callee, name) < call.arg_count
        ]
        return (module, site, left_out(index, defaulted))

    def _read(self, key: tuple[Any, ...]) -> set[Token]:
        """The values at `key`; while a function's flow is computed, it is recorded as a
        reader of `key`, to be computed again when they change."""
        if self._flowing is not None:
            self._readers.setdefault(key, set()).add(self._flowing)
        return self.values.get(key, set())

    def _add(self, key: tuple[Any, ...], tokens: Collection[Token]) -> bool:
        if not tokens:
            return False  # no empty set kept: most keys never get a value
        current = self.values.setdefault(key, set())
        before = len(current)
        for token in tokens:
            if len(current) >= _MAX_VALUES:
                break
            current.add(token)
        if len(current) == before:
            return False
        self._changed.append(key)
        return True

    def _solve(self) -> None:
        """Move values along calls, returns, stores and globals to a fixpoint: a worklist
        of functions, each computed again only when a value it read has changed (values
        only grow, and are capped, so it ends)."""
        pending = deque(self.functions)
        queued = set(pending)
        while pending:
            fid = pending.popleft()
            queued.discard(fid)
            self._flowing, self._changed = fid, []
            self._flow(fid, self.functions[fid])
            self._flowing = None
            for key in self._changed:
                for reader in sorted(self._readers.get(key, ())):
                    if reader not in queued:
                        queued.add(reader)
                        pending.append(reader)

    def _flow(self, fid: str, function: _Function) -> bool:
        facts, changed = function.facts, False
        for name, refs in facts.get("given", {}).items():  # a default, where a call leaves it
            if self._left_out(fid, name):
                tokens = {t for r in refs for t in self.evaluate(fid, r)}
                changed |= self._add(("P", fid, name), tokens)
        for name in facts.get("params", ()):
            changed |= self._made_for(fid, function, name)
        entry = facts.get("entry_clients", {})
        if entry and self._entry(fid):  # the caller's client: see `function_facts`
            for name, ref in entry.items():
                changed |= self._add(("P", fid, name), self.evaluate(fid, ref))
        for item, *ref in facts.get("returns", ()):
            changed |= self._add(("R", fid, item), self.evaluate(fid, ref))
            if item == -1 and ref[0] == "result" and ref[2] == -1:
                # `return make(…)`: the items of the tuple it returns are this one's too
                for index in range(_MAX_ITEMS):
                    tokens = self.evaluate(fid, ("result", ref[1], index))
                    changed |= self._add(("R", fid, index), tokens)
        cls = self._owner_class(function)
        for target, *ref in facts.get("stores", ()):
            if cls is not None and not target.startswith(("global:", "class:")):
                for owner, part in self._by_receiver(fid, ref, cls).items():
                    changed |= self._add(("A", owner, target), part)
                continue
            tokens = self.evaluate(fid, ref)
            if not tokens:
                continue
            if target.startswith("global:"):
                changed |= self._add(("G", target[7:]), tokens)
            elif target.startswith("class:"):  # a class attribute: every instance's
                _, name, attribute = target.split(":", 2)
                changed |= self._add(("A", f"{function.module}.{name}", attribute), tokens)
        for number, call in enumerate(facts.get("calls", ())):
            if not call.args and not call.details.keywords and call.details.star is None:
                continue
            fields = self._fields(call.callee)
            if fields:  # `Config(path=…)` of a dataclass: the instance's attributes
                changed |= self._bind_fields(fid, call, *fields)
            shift = call.details.shift
            for callee in self.callees(fid, number):
                facts = self.functions[callee].facts
                params = facts.get("params", [])
                positional = self.positional(callee)
                varargs = "*" in facts.get("defaults", {})
                for index, ref in call.args:
                    position = index - shift
                    if 0 <= position < positional:
                        tokens = self.evaluate(fid, ref)
                        changed |= self._add(("P", callee, params[position]), tokens)
                    elif position >= positional and varargs:  # into the callee's `*args`
                        tokens = self.evaluate(fid, ref)
                        changed |= self._add(("P", callee, f"*{position - positional}"), tokens)
                for name, ref in call.details.keywords:
                    if name in params:
                        changed |= self._add(("P", callee, name), self.evaluate(fid, ref))
                changed |= self._forward_varargs(fid, call, callee, params)
        return changed

    def _made_for(self, fid: str, function: _Function, name: str) -> bool:
        """A parameter of a function no call of the tree runs (an entry point other code
        calls) holds what its module's factory named for it makes (`client`, where
        `create_client` returns `OpenAI()`, or a tuple that starts with one)."""
        factory = self._factories.get((function.module, name))
        if factory is None or factory == fid or self.callers(fid):
            return False
        made = self._read(("R", factory, 0)) or self._read(("R", factory, -1))
        return self._add(("P", fid, name), made)

    def _entry(self, fid: str, depth: int = 0) -> bool:
        """Whether only code outside the tree gives function `fid` its arguments: no call
        of the tree runs it, or each one that does passes on (`*args`, `**kwargs`) what
        such a function was given (`super().__init__(*args, **kwargs)`)."""
        return depth < _MAX_FORWARDS and all(
            self._forwards(caller, call) and self._entry(caller, depth + 1)
            for caller, call in self._calls_of(fid)
        )

    def _forwards(self, fid: str, call: CallFacts) -> bool:
        """Whether a call of function `fid` passes on the arguments `fid` was given: its
        own `*args`, or a `**` mapping in a function that takes `**kwargs`."""
        own_keywords = "**" in self.functions[fid].facts.get("defaults", {})
        return call.details.star is not None or (call.details.spread and own_keywords)

    def _calls_of(self, fid: str) -> list[tuple[str, CallFacts]]:
        """The calls of the tree that may run function `fid`: by its name, and an
        `__init__` by its class's name or a subclass's that inherits it."""
        if fid not in self._runs:
            function = self.functions[fid]
            called = function.qualname.rsplit(".", 2)
            named: list[str | None] = [None]
            if len(called) > 1 and called[-1] == "__init__":
                owner = self._owner_class(function)
                below = self.hierarchy.descendants(owner) if owner is not None else []
                named += [called[-2], *(c.rsplit(".", 1)[-1] for c in below)]
            self._runs[fid] = [
                (caller, self.functions[caller].facts["calls"][number])
                for cls in dict.fromkeys(named)
                for caller, number in self.callers(fid, cls)
            ]
        return self._runs[fid]

    def _left_out(self, fid: str, name: str) -> bool:
        """Whether a call of the tree may leave parameter `name` of `fid` to its default:
        one that gives it neither by position nor by keyword (nor spreads `*`/`**`), or no
        call found at all (a caller the graph cannot see: a registry's, the command line)."""
        key = (fid, name)
        if key not in self._left:
            position = self.position(fid, name)
            calls = [call for _, call in self._calls_of(fid)]
            self._left[key] = not calls or any(
                (position < 0 or call.arg_count - call.details.shift <= position)
                and name not in call.details.given
                and not call.details.spread
                and call.details.star is None
                for call in calls
            )
        return self._left[key]

    def _by_receiver(self, fid: str, ref: Any, cls: str) -> dict[str, set[Token]]:
        """Where a base class's method stores what a call on `self` returns: each
        subclass's override gives the instances of that subclass their own value
        (`self.client = self.new_client()` holds the Claude subclass's client in a
        Claude, the GPT subclass's in a GPT), the class's own method its instances'."""
        call = self.functions[fid].facts["calls"][ref[1]] if ref[0] == "result" else None
        if call is None or not call.callee or call.callee[0] != "self":
            return {cls: self.evaluate(fid, ref)}
        by_callee = self._returned(fid, ref[1], ref[2])
        if not by_callee:  # no method: a callable value it holds (`self._factory()`)
            return {cls: self.evaluate(fid, ref)}
        below = set(self.hierarchy.descendants(cls))
        found: dict[str, set[Token]] = {}
        for callee, part in by_callee.items():
            owner = self._owner_class(self.functions[callee])
            found.setdefault(owner if owner in below else cls, set()).update(part)
        return found

    def parameter_number(self, fid: str, parameter: str, depth: int = 0) -> int | None:
        """The largest number the calls of `fid` in the tree give `parameter` (by keyword,
        by position, its default where a call gives none, or what that caller's own callers
        give a parameter it passes on); None when a call gives one not known. Where nothing
        in the tree calls `fid` (an entry point), its default, if a number. Found once per
        function and parameter (the calls of one retry loop all ask it)."""
        key = (fid, parameter)
        if key not in self._numbers:
            self._numbers[key] = None  # while it is found: a call back into it adds nothing
            self._numbers[key] = self._parameter_number(fid, parameter, depth)
        return self._numbers[key]

    def _parameter_number(self, fid: str, parameter: str, depth: int) -> int | None:
        given: list[int] = []
        for caller, number in self.callers(fid):
            call = self.functions[caller].facts["calls"][number]
            value = self.given_number(caller, call, fid, parameter, depth)
            if value is None:
                return None
            given.append(value)
        if not given:  # called from outside the tree only: what it does unless told
            default = self.functions[fid].facts.get("defaults", {}).get(parameter)
            return default if isinstance(default, int) and not isinstance(default, bool) else None
        return max(given)

    def given_number(
        self, caller: str, call: CallFacts, fid: str, parameter: str, depth: int = 0
    ) -> int | None:
        """The number one call (in `caller`) gives parameter `parameter` of `fid`: by
        keyword, by position, its default where the call gives none, or what the caller's
        own callers give a parameter it passes on; None when not known."""
        details = call.details
        default = self.functions[fid].facts.get("defaults", {}).get(parameter)
        position = self.position(fid, parameter)
        passed: Any = None  # a reference the call gives it: the caller's own parameter
        if parameter in details.given:
            value = dict(details.ints).get(parameter)
            passed = dict(details.keywords).get(parameter)
        elif 0 <= position < call.arg_count:
            value = dict(details.positional).get(position)
            passed = dict(call.args).get(position)
        else:
            value = None if details.spread else default
        if value is None and passed and passed[0] == "param" and depth < _MAX_PASSED:
            value = self.parameter_number(caller, passed[1], depth + 1)
        return value if isinstance(value, int) else None

    def position(self, fid: str, parameter: str) -> int:
        """Where a call gives parameter `parameter` of `fid` by position; -1 for none (not
        one of its parameters, or one given by keyword only)."""
        facts = self.functions[fid].facts
        params = list(facts.get("params", ()))
        position = params.index(parameter) if parameter in params else -1
        return position if position < self.positional(fid) else -1

    def positional(self, fid: str) -> int:
        """How many parameters of `fid` a call may give by position (before its `*args`)."""
        facts = self.functions[fid].facts
        return len(facts.get("params", ())) - int(facts.get("kwonly", 0))

    def varargs_holder(self, fid: str) -> str:
        """The function whose `*args` a `f(*args)` in `fid` forwards: its own, or, for a
        closure without them, those of the function it is defined in."""
        if "*" in self.functions[fid].facts.get("defaults", {}):
            return fid
        enclosing = fid.rpartition(".")[0]
        function = self.functions.get(enclosing)
        return enclosing if function and "*" in function.facts.get("defaults", {}) else fid

    def _forward_varargs(
        self, fid: str, call: CallFacts, callee: str, params: Sequence[str]
    ) -> bool:
        """`f(*args)` in a function taking `*args` (or in a closure of one): what its
        callers gave each of them goes to `f`'s parameter in that place (`def
        make_auto_request(*args): make_request(*args)`)."""
        start = call.details.star
        if start is None:
            return False
        changed = False
        holder, positional = self.varargs_holder(fid), self.positional(callee)
        for offset in range(_MAX_VARARGS):
            tokens = self._read(("P", holder, f"*{offset}"))
            position = start + offset
            if tokens and position < positional:
                changed |= self._add(("P", callee, params[position]), tokens)
            elif tokens and "*" in self.functions[callee].facts.get("defaults", {}):
                changed |= self._add(("P", callee, f"*{position - positional}"), tokens)
        return changed

    def _fields(self, callee: Any) -> tuple[str, list[str]] | None:
        """The class a call constructs and its fields, when the call binds them (a class
        of the tree without an `__init__`: a dataclass, a `NamedTuple`)."""
        if not callee or callee[0] != "name":
            return None
        resolved = self.hierarchy.resolve(callee[1])
        fields = self.classes[resolved].get("fields") if resolved in self.classes else None
        return (resolved, fields) if resolved and fields else None

    def _bind_fields(self, fid: str, call: CallFacts, cls: str, fields: list[str]) -> bool:
        changed = False
        for index, ref in call.args:
            if 0 <= index < len(fields):
                changed |= self._add(("A", cls, fields[index]), self.evaluate(fid, ref))
        for name, ref in call.details.keywords:
            if name in fields:
                changed |= self._add(("A", cls, name), self.evaluate(fid, ref))
        return changed

    def hook_layers(
        self, qualified: str, module: str | None, hooks: Mapping[str, Iterable[str]]
    ) -> list[Layer]:
        """The retry layers in the hooks of the tree's class `qualified` names, as `module`
        reads it (`RetryReach.hook_layers`); none for a name of no class of the tree."""
        cls = self.resolve(qualified, module)
        return RetryReach(self).hook_layers(cls, hooks) if cls in self.classes else []

    def stacked(self, module: str, site: str) -> Iterator[Stacked]:
        """Each request of the client built at `site` in `module` that a retry layer
        re-sends, with the retries the client has on that path."""
        return RetryReach(self).stacked(module, site)


# The verbs of a factory's name (`create_client`, `make_llm`, `get_client`).
_FACTORY_VERBS = frozenset({"create", "make", "build", "get", "new", "init"})


def _shared_steps(one: list[str], other: list[str]) -> int:
    """How many leading steps two paths (split at `/`) share."""
    return sum(
        1
        for _ in itertools.takewhile(lambda pair: pair[0] == pair[1], zip(one, other, strict=False))
    )


def _top(dotted: str) -> str:
    return dotted.split(".", 1)[0]


def calls_parameter(callee: Any) -> bool:
    """Whether a callee expression is a value that holds a parameter, of the function or of
    the one it is defined in (`fn(…)`, `executor_fn()`): it runs what the callers give."""
    refs = callee[1] if callee and callee[0] == "value" else ()
    return any(
        r and (r[0] == "param" or (r[0] == "outer" and calls_parameter(("value", r[2]))))
        for r in refs
    )


def _last_name(callee: Any) -> str | None:
    """The last part of the name a callee expression calls (`run` of `self.run`)."""
    named = callee[-1] if callee and callee[0] != "value" else None
    return named.rsplit(".", 1)[-1] if isinstance(named, str) else None


_GRAPHS: dict[int, tuple[ProjectIndex, CallGraph]] = {}


def call_graph(index: ProjectIndex) -> CallGraph:
    """The call graph of a project index, built once per index."""
    held = _GRAPHS.get(id(index))
    if held is None or held[0] is not index:
        _GRAPHS.clear()
        held = (index, CallGraph(index.python))
        _GRAPHS[id(index)] = held
    return held[1]


def _item_read(callee: Any) -> bool:
    """Whether a call's callee reads an item of a container it is a method of."""
    return bool(callee) and callee[0] == "method" and callee[2] in _ITEM_READS
