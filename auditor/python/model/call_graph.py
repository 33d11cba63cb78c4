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

Values (SDK clients, for now) flow through parameters, returns, instance attributes
(a base's `self.client` is what its subclasses store; a sibling's is not), properties and
module globals, to a fixpoint; a client whose maximum retries comes from a parameter
is judged per call: each caller binds its own value. Retry layers reach every function
their calls may run, unless a `try` that keeps every failure in stands between. The
graph is built once per project index and memoised; each step is a pass over the
facts, repeated a bounded number of times.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any, NamedTuple

from auditor.project import ProjectIndex, PythonSummary

ARGV_SEPARATOR = "\x1f"  # between the literal words of an argv value (`("argv", WORDS)`)
_MAX_DISPATCH = 16  # functions one call may run: more, and the call is not followed
_ROUNDS = 12  # passes of the value fixpoint (values move one call per pass at least)
_MAX_VALUES = 16  # clients one location holds: more are not followed
_MAX_FIELD_CLASSES = 4  # an attribute of unknown class: followed when this few classes have it


class Layer(NamedTuple):
    """A retry layer, where it is and what it retries."""

    path: str
    line: int
    column: int  # 1-based
    label: str
    attempts: int | None
    errors: tuple[tuple[str, str], ...]  # (kind, value) error tests; none: every error


class Stacked(NamedTuple):
    """A client's request that a retry layer re-sends, with the retries bound on that path."""

    layer: Layer
    retries: int | None  # the SDK's own retries on this path (None: unknown)
    request: tuple[str, int, int]  # where the request is sent: path, line, column


Token = tuple[str, str, Any]  # (module, site, retries)


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
        self._by_last: dict[str, list[str]] = {}
        for name in [*self.functions, *self.classes]:
            self._by_last.setdefault(name.rsplit(".", 1)[-1], []).append(name)
        self.bases = {name: self._bases(name) for name in self.classes}
        self.subclasses: dict[str, list[str]] = {}
        for name, bases in self.bases.items():
            for base in bases:
                self.subclasses.setdefault(base, []).append(name)
        self._instance: dict[tuple[str, str], list[str]] = {}
        # attribute -> the classes of the tree that store it (in a method or the class body)
        self._attribute_classes: dict[str, list[str]] = {}
        for function in self.functions.values():
            cls = function.facts.get("class")
            for target, *_ in function.facts.get("stores", ()):
                owner, attribute = (
                    (f"{function.module}.{target.split(':')[1]}", target.split(":")[2])
                    if target.startswith("class:")
                    else (f"{function.module}.{cls}" if cls else "", target)
                )
                if owner and not target.startswith("global:"):
                    known = self._attribute_classes.setdefault(attribute, [])
                    if owner not in known:
                        known.append(owner)
        self._overrides: dict[tuple[str, str], list[str]] = {}
        self._callees: dict[tuple[str, int], list[str]] = {}
        self.values: dict[tuple[Any, ...], set[Token]] = {}
        self._solve()
        self.under = self._layers()

    # -- names and classes
    def resolve(self, qualified: str) -> str | None:
        """The project function or class a qualified name stands for: also through a
        package that re-exports it (`pkg.make` for `pkg.clients.make`), and in a namespace
        package (a folder without `__init__.py`, whose modules the index names by their
        own file: `evaluation.Model` for `app.core.finetune.evaluation.Model`)."""
        if qualified in self.functions or qualified in self.classes:
            return qualified
        prefix, _, last = qualified.rpartition(".")
        if not prefix:
            return None
        named = self._by_last.get(last, ())
        candidates = [
            name
            for name in named
            if name.startswith(prefix + ".") and name.count(".") == qualified.count(".") + 1
        ]
        if not candidates:
            candidates = [name for name in named if "." in name and qualified.endswith("." + name)]
        return candidates[0] if len(candidates) == 1 else None

    def _bases(self, name: str) -> list[str]:
        found = []
        for base in self.classes[name].get("bases", ()):
            resolved = self.resolve(base)
            if resolved is not None and resolved in self.classes and resolved != name:
                found.append(resolved)
        return found

    def lineage(self, cls: str) -> list[str]:
        """A class and its bases in the tree, nearest first."""
        found: list[str] = []
        pending = [cls]
        while pending and len(found) < _MAX_DISPATCH:
            current = pending.pop(0)
            if current not in found:
                found.append(current)
                pending += self.bases.get(current, [])
        return found

    def descendants(self, cls: str) -> list[str]:
        """The subclasses of a class in the tree, at any depth."""
        found: list[str] = []
        pending = list(self.subclasses.get(cls, ()))
        while pending and len(found) < 4 * _MAX_DISPATCH:
            current = pending.pop(0)
            if current not in found:
                found.append(current)
                pending += self.subclasses.get(current, [])
        return found

    def instance_classes(self, cls: str, method: str) -> list[str]:
        """The classes whose methods may have stored what method `method` of `cls` reads
        on `self`: the lineages of `cls` and of each subclass that runs this method (a
        base's method reads what a subclass stored, unless the subclass overrides the
        method; a sibling's store is another instance's)."""
        key = (cls, method)
        if key not in self._instance:
            own = f"{cls}.{method}"
            found: dict[str, None] = {}
            for member in (cls, *self.descendants(cls)):
                if member == cls or self._method(member, method) == own:
                    found.update(dict.fromkeys(self.lineage(member)))
            self._instance[key] = list(found)
        return self._instance[key]

    def _method(self, cls: str, name: str) -> str | None:
        for current in self.lineage(cls):
            if name in self.classes[current].get("methods", ()):
                return f"{current}.{name}"
        return None

    def dispatch(self, cls: str, name: str) -> list[str]:
        """What `self.name()` may run in a method of `cls`: the inherited definition and
        every override below `cls`."""
        found = [m] if (m := self._method(cls, name)) else []
        found += [
            f"{sub}.{name}"
            for sub in self.descendants(cls)
            if name in self.classes[sub].get("methods", ())
        ]
        return found[:_MAX_DISPATCH]

    def _abstract(self, name: str, caller: str) -> list[str]:
        """Overrides of a method some abstract base of the tree declares: those of the
        caller's own top-level package when it has any."""
        package = caller.split(".", 1)[0] + "."
        key = (name, package)
        if key not in self._overrides:
            self._overrides[key] = self._abstract_overrides(name, package)
        return self._overrides[key]

    def _abstract_overrides(self, name: str, package: str) -> list[str]:
        found: list[str] = []
        for cls, data in self.classes.items():
            if name in data.get("abstract", ()):
                found += [
                    f"{sub}.{name}"
                    for sub in self.descendants(cls)
                    if name in self.classes[sub].get("methods", ())
                ]
        near = [name for name in dict.fromkeys(found) if name.startswith(package)]
        found = near or list(dict.fromkeys(found))
        return found if len(found) <= _MAX_DISPATCH else []

    def callees(self, fid: str, number: int) -> list[str]:
        """The functions call `number` of function `fid` may run."""
        key = (fid, number)
        if key not in self._callees:
            self._callees[key] = self._resolve_call(fid, number)
        return self._callees[key]

    def _owner_class(self, function: _Function) -> str | None:
        cls = function.facts.get("class")
        return f"{function.module}.{cls}" if cls else None

    def _resolve_call(self, fid: str, number: int) -> list[str]:
        function = self.functions[fid]
        callee = function.facts["calls"][number]["callee"]
        return self._targets(function, callee)

    def _targets(self, function: _Function, callee: Any) -> list[str]:
        if not callee:
            return []
        kind = callee[0]
        cls = self._owner_class(function)
        if kind == "self" and cls is not None:
            return [name for name in self.dispatch(cls, callee[1]) if name in self.functions]
        if kind == "super" and cls is not None:
            inherited = [self._method(base, callee[1]) for base in self.bases.get(cls, [])]
            return [name for name in inherited if name and name in self.functions]
        if kind == "method":
            found: list[str] = []
            for cls in self._instances(function, callee[1]):
                found += [name for name in self.dispatch(cls, callee[2]) if name in self.functions]
            if found:
                return found[:_MAX_DISPATCH]
            overrides = self._abstract(callee[2], function.module)
            return [name for name in overrides if name in self.functions]
        if kind == "name":
            resolved = self.resolve(callee[1])
            if resolved in self.classes:
                init = self._method(resolved, "__init__")
                return [init] if init and init in self.functions else []
            if resolved is None and "." in callee[1]:  # `Class.method` through a module
                head, _, method = callee[1].rpartition(".")
                owner = self.resolve(head)
                if owner in self.classes:
                    static = self._method(owner, method)
                    return [static] if static else []
            return [resolved] if resolved in self.functions else []
        if kind == "value":
            names = [r[1] for r in callee[1] if r and r[0] == "global"]
            return [n for r in names if (n := self.resolve(r)) and n in self.functions]
        return []

    def _instances(self, function: _Function, refs: Iterable[Any]) -> list[str]:
        """The classes of the tree whose instances a receiver's references may hold: the
        classes their constructor calls name (`Builder(x).build()`, `b = Builder(x)`)."""
        found: list[str] = []
        for ref in refs:
            if ref and ref[0] == "self" and self._owner_class(function):
                found += self._stored_instances(function, ref[1])
            if not ref or ref[0] != "result":
                continue
            callee = function.facts["calls"][ref[1]]["callee"]
            if callee and callee[0] == "name":
                resolved = self.resolve(callee[1])
                if resolved in self.classes:
                    found.append(resolved)
        return found

    def _stored_instances(self, function: _Function, attribute: str) -> list[str]:
        """The classes of the instances the methods of the class store in `self.ATTR`
        (`self.locator = Locator()` in `__init__`)."""
        cls = self._owner_class(function)
        found: list[str] = []
        for member in self.instance_classes(cls or "", function.qualname.rsplit(".", 1)[-1]):
            for name in self.classes[member].get("methods", ()):
                method = self.functions.get(f"{member}.{name}")
                for target, *ref in method.facts.get("stores", ()) if method else ():
                    if target == attribute and ref and ref[0] == "result" and method:
                        found += self._instances(method, [ref])
        return found[:_MAX_DISPATCH]

    # -- values
    def evaluate(self, fid: str, ref: Any) -> set[Token]:
        """The values a reference of function `fid` may hold."""
        function = self.functions[fid]
        kind = ref[0]
        if kind == "client":
            return {(function.module, ref[1], ref[2])}
        if kind == "argv":  # where it is written, for related locations
            site = ref[2] if len(ref) > 2 else "0:0"
            return {(f"{self.summaries[function.module].path}@{site}", "argv", ref[1])}
        if kind == "text":
            return {("", "text", ref[1])}
        if kind == "list":  # an argv whose program is a value: `[binary, "app-server"]`
            origin = f"{self.summaries[function.module].path}@{ref[3]}"
            programs = {t[2] for r in ref[1] for t in self.evaluate(fid, r) if t[1] == "text"}
            tail = f"{ARGV_SEPARATOR}{ref[2]}" if ref[2] else ""
            return {(origin, "argv", f"{program}{tail}") for program in sorted(programs)[:4]}
        if kind == "field":  # only program names: a client is never taken by a name alone
            owners = self._attribute_classes.get(ref[1], [])
            if len(ref) > 2 and ref[2]:  # the receiver's annotated class, if the tree's
                typed = self.resolve(ref[2])
                owners = self.lineage(typed) + self.descendants(typed) if typed else []
            return {
                t
                for owner in owners[:_MAX_FIELD_CLASSES]
                for t in self.values.get(("A", owner, ref[1]), ())
                if t[1] == "text"
            }
        if kind == "param":
            return self.values.get(("P", fid, ref[1]), set())
        if kind == "global":
            return self.values.get(("G", ref[1]), set())
        if kind == "self":
            owner = self._owner_class(function)
            if owner is None or owner not in self.classes:
                return set()
            found: set[Token] = set()
            for member in self.instance_classes(owner, function.qualname.rsplit(".", 1)[-1]):
                found |= self.values.get(("A", member, ref[1]), set())
                if ref[1] in self.classes[member].get("properties", ()):
                    found |= self.values.get(("R", f"{member}.{ref[1]}", -1), set())
            return found
        if kind == "result":
            entry = function.facts["calls"][ref[1]]
            found = set()
            for callee in self.callees(fid, ref[1]):
                for token in self.values.get(("R", callee, ref[2]), set()):
                    found.add(self._bind(token, entry, callee))
            return found
        return set()

    def _bind(self, token: Token, call: Mapping[str, Any], callee: str) -> Token:
        """A client token as a call binds its retries (`param:NAME`, `kwarg:KEY:DEFAULT`)."""
        module, site, retries = token
        if site == "argv" or not isinstance(retries, str) or ":" not in retries:
            return token
        kind, name, *rest = retries.split(":")
        facts = self.functions[callee].facts
        if name in call.get("given", ()):
            value = call.get("ints", {}).get(name)
            return (module, site, value if value is not None else "?")
        if kind == "param":
            params = facts.get("params", [])
            position = params.index(name) if name in params else -1
            given = call.get("positional", {})
            if 0 <= position < call.get("count", 0):
                value = given.get(str(position))
                return (module, site, value if value is not None else "?")
            default = facts.get("defaults", {}).get(name)
            return (module, site, default if isinstance(default, int) else "?")
        if call.get("spread"):
            return token  # forwarded `**kwargs`: the next caller binds it
        return (module, site, int(rest[0]) if rest and rest[0].isdigit() else "?")

    def _add(self, key: tuple[Any, ...], tokens: Iterable[Token]) -> bool:
        current = self.values.setdefault(key, set())
        before = len(current)
        for token in tokens:
            if len(current) >= _MAX_VALUES:
                break
            current.add(token)
        return len(current) != before

    def _solve(self) -> None:
        """Move values along calls, returns, stores and globals until nothing changes."""
        for _ in range(_ROUNDS):
            changed = False
            for fid, function in self.functions.items():
                changed |= self._flow(fid, function)
            if not changed:
                return

    def _flow(self, fid: str, function: _Function) -> bool:
        facts, changed = function.facts, False
        for item, *ref in facts.get("returns", ()):
            changed |= self._add(("R", fid, item), self.evaluate(fid, ref))
        cls = self._owner_class(function)
        for target, *ref in facts.get("stores", ()):
            tokens = self.evaluate(fid, ref)
            if not tokens:
                continue
            if target.startswith("global:"):
                changed |= self._add(("G", target[7:]), tokens)
            elif target.startswith("class:"):  # a class attribute: every instance's
                _, name, attribute = target.split(":", 2)
                changed |= self._add(("A", f"{function.module}.{name}", attribute), tokens)
            elif cls is not None:
                changed |= self._add(("A", cls, target), tokens)
        for number, call in enumerate(facts.get("calls", ())):
            if not call.get("args") and not call.get("keywords"):
                continue
            shift = call.get("shift", 0)
            for callee in self.callees(fid, number):
                params = self.functions[callee].facts.get("params", [])
                for index, ref in call.get("args", ()):
                    position = index - shift
                    if 0 <= position < len(params):
                        tokens = self.evaluate(fid, ref)
                        changed |= self._add(("P", callee, params[position]), tokens)
                for name, ref in call.get("keywords", ()):
                    if name in params:
                        changed |= self._add(("P", callee, name), self.evaluate(fid, ref))
        return changed

    def parameter_runs_agent(self, fid: str, name: str, agents: frozenset[str]) -> bool:
        """Whether a caller gives parameter `name` of function `fid` an agent's argv."""
        return _runs_agent(self.values.get(("P", fid, name), set()), agents)

    def agent_argv_paths(self, agents: frozenset[str]) -> frozenset[str]:
        """Paths of the modules whose functions pass or receive an argv that starts an
        agent (a word, after wrappers, whose basename is one of `agents`): they may launch
        one without naming it (`Process.run(argv)` given a builder's `["claude", …]`)."""
        found: set[str] = set()
        for key, tokens in self.values.items():
            if key[0] == "P" and _runs_agent(tokens, agents):
                found.add(self.summaries[self.functions[key[1]].module].path)
        for fid, function in self.functions.items():
            path = self.summaries[function.module].path
            if path in found:
                continue
            for call in function.facts.get("calls", ()):
                refs = [ref for _, ref in (*call.get("args", ()), *call.get("keywords", ()))]
                if _runs_agent({t for r in refs for t in self.evaluate(fid, r)}, agents):
                    found.add(path)
                    break
        return frozenset(found)

    # -- retry layers
    def _layer(self, module: str, layer: Any) -> Layer | None:
        summary = self.summaries[module]
        if isinstance(layer, int):
            data = summary.graph["layers"][layer]
            line, column = map(int, data["at"].split(":"))
            errors = tuple((str(k), str(v)) for k, v in data["errors"])
            return Layer(summary.path, line, column + 1, data["label"], data["attempts"], errors)
        if isinstance(layer, str) and layer.startswith("decorator:"):
            name, _, at = layer[len("decorator:") :].rpartition("@")
            line, column = map(int, at.split(":"))
            resolved = self.resolve(name)
            if resolved is None or resolved not in self.functions:
                return self._retry_object(name, summary.path, line, column)
            owner = self.functions[resolved]
            decorators = self.summaries[owner.module].retry_decorators
            if owner.qualname not in decorators:  # one applying a library's, when it runs?
                last = owner.qualname.rsplit(".", 1)[-1]
                return self._retry_object(f"{owner.module}.{last}", summary.path, line, column)
            errors = self.summaries[owner.module].retry_errors.get(owner.qualname, ())
            label = f"retry decorator `{owner.qualname}`"
            return Layer(summary.path, line, column + 1, label, decorators[owner.qualname], errors)
        return None

    def _retry_object(self, name: str, path: str, line: int, column: int) -> Layer | None:
        """The layer a decorator applies when it names a module's retry object
        (`@llm_retry` with `llm_retry = retry(…)` in another module), at the application."""
        module, _, attribute = name.rpartition(".")
        owners = [
            m
            for m in self.summaries
            if m == module or m.endswith("." + module) or module.endswith("." + m)
        ]
        for owner in owners if len(owners) == 1 else ():
            graph = self.summaries[owner].graph
            index = graph.get("retry_objects", {}).get(attribute)
            if index is not None:
                data = graph["layers"][index]
                errors = tuple((str(k), str(v)) for k, v in data["errors"])
                return Layer(path, line, column + 1, data["label"], data["attempts"], errors)
        return None

    def _layers(self) -> dict[str, list[Layer]]:
        """The retry layers each function runs under (a worklist from every retried call)."""
        under: dict[str, list[Layer]] = {}
        pending: list[tuple[str, Layer]] = []
        for fid, function in self.functions.items():
            own = function.facts.get("layer")
            if own is not None and (layer := self._layer(function.module, own)) is not None:
                pending.append((fid, layer))
            for number, call in enumerate(function.facts.get("calls", ())):
                if call.get("layer") is None:
                    continue
                layer = self._layer(function.module, call["layer"])
                if layer is not None:
                    pending += [(callee, layer) for callee in self.callees(fid, number)]
        while pending:
            fid, layer = pending.pop()
            held = under.setdefault(fid, [])
            if layer in held or len(held) >= 4:
                continue
            held.append(layer)
            for number, call in enumerate(self.functions[fid].facts.get("calls", ())):
                if not call.get("contained"):
                    pending += [(callee, layer) for callee in self.callees(fid, number)]
        return under

    def stacked(self, module: str, site: str) -> Iterator[Stacked]:
        """Each request of the client built at `site` in `module` that a retry layer
        re-sends, with the retries the client has on that path."""
        for fid, function in self.functions.items():
            for at, own, contained, refs in function.facts.get("sends", ()):
                tokens = {t for ref in refs for t in self.evaluate(fid, ref)}
                mine = [t for t in tokens if t[0] == module and t[1] == site]
                if not mine:
                    continue
                layers = []
                if own is not None and (local := self._layer(function.module, own)):
                    layers.append(local)
                if not contained:
                    layers += self.under.get(fid, [])
                line, column = map(int, at.split(":"))
                request = (self.summaries[function.module].path, line, column + 1)
                for layer in layers:
                    for token in mine:
                        yield Stacked(layer, _retries(token[2]), request)


def _runs_agent(tokens: Iterable[Token], agents: frozenset[str]) -> bool:
    return any(
        site == "argv"
        and any(w.rsplit("/", 1)[-1] in agents for w in str(words).split(ARGV_SEPARATOR))
        for _, site, words in tokens
    )


def _retries(value: Any) -> int | None:
    """A client's retries: a number, or the default of a parameter no caller bound."""
    if isinstance(value, int):
        return value
    default = str(value).rsplit(":", 1)[-1]
    return int(default) if default.isdigit() else None


class ModuleValues:
    """The call graph's values for one module's resolver (`PythonModule.project`)."""

    def __init__(self, graph: CallGraph, module: str) -> None:
        self.graph, self.module = graph, module
        self._calls: dict[str, dict[str, int]] = {}

    def parameter_argvs(self, function: str, name: str) -> list[list[str]]:
        """The argv lists the callers pass parameter `name` of `function`."""
        return self._argvs(f"{self.module}.{function}", ("param", name))

    def callees(self, function: str, line: int, column: int) -> list[tuple[str, str]]:
        """The functions of the tree (module, qualname) a call of `function` may run."""
        number = self._number(f"{self.module}.{function}", line, column)
        if number is None:
            return []
        found = self.graph.callees(f"{self.module}.{function}", number)
        return [(self.graph.functions[f].module, self.graph.functions[f].qualname) for f in found]

    def _number(self, fid: str, line: int, column: int) -> int | None:
        if fid not in self.graph.functions:
            return None
        if fid not in self._calls:
            calls = self.graph.functions[fid].facts.get("calls", ())
            self._calls[fid] = {call["at"]: number for number, call in enumerate(calls)}
        return self._calls[fid].get(f"{line}:{column}")

    def field_texts(self, attribute: str, annotation: str | None = None) -> list[str]:
        """The program names the tree's classes give an attribute (`claude_path`) of an
        object of class `annotation` (qualified), or of unknown class when None."""
        fid = next(iter(self.graph.functions), None)
        if fid is None:
            return []
        tokens = self.graph.evaluate(fid, ("field", attribute, annotation or ""))
        return sorted({str(t[2]) for t in tokens})

    def parameter_texts(self, function: str, name: str) -> list[str]:
        """The program names the callers pass parameter `name` of `function`."""
        fid = f"{self.module}.{function}"
        if fid not in self.graph.functions:
            return []
        tokens = self.graph.evaluate(fid, ("param", name))
        return sorted({str(t[2]) for t in tokens if t[1] == "text"})

    def parameter_origins(self, function: str, name: str) -> list[tuple[str, int, int]]:
        """Where the argv lists the callers pass parameter `name` of `function` are
        written: (path, line, 0-based column)."""
        fid = f"{self.module}.{function}"
        if fid not in self.graph.functions:
            return []
        tokens = self.graph.evaluate(fid, ("param", name))
        found = []
        for origin, site, _ in sorted(tokens):
            path, _, at = origin.rpartition("@")
            if site == "argv" and path:
                line, column = map(int, at.split(":"))
                found.append((path, line, column))
        return found

    def call_argvs(self, function: str, line: int, column: int) -> list[list[str]]:
        """The argv lists the call at `line`:`column` of `function` returns."""
        fid = f"{self.module}.{function}"
        number = self._number(fid, line, column)
        return [] if number is None else self._argvs(fid, ("result", number, -1))

    def _argvs(self, fid: str, ref: tuple[Any, ...]) -> list[list[str]]:
        if fid not in self.graph.functions:
            return []
        tokens = self.graph.evaluate(fid, ref)
        words = sorted({str(t[2]) for t in tokens if t[1] == "argv"})
        return [w.split(ARGV_SEPARATOR) for w in words]


_GRAPHS: dict[int, tuple[ProjectIndex, CallGraph]] = {}


def module_values(index: ProjectIndex, path: str) -> ModuleValues | None:
    """What the call graph gives the values of the module at `path` (None: not indexed)."""
    graph = call_graph(index)
    module = graph.modules_by_path.get(path)
    return None if module is None else ModuleValues(graph, module)


def call_graph(index: ProjectIndex) -> CallGraph:
    """The call graph of a project index, built once per index."""
    held = _GRAPHS.get(id(index))
    if held is None or held[0] is not index:
        _GRAPHS.clear()
        held = (index, CallGraph(index.python))
        _GRAPHS[id(index)] = held
    return held[1]
