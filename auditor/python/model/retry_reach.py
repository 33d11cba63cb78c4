"""Retry layers over the project call graph: where each layer is and what it retries,
the functions every retried call may run (a worklist), and the SDK requests a layer
re-sends with the client's retries on that path (RA401)."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from auditor.numbers import bounded_int
from auditor.project import CallFacts
from auditor.python.model.value_calls import DEFERRED_FAILURES, argument_runner

if TYPE_CHECKING:
    from auditor.python.model.call_graph import CallGraph


# Between the tree's decorators of one function in a layer reference
# (`decorator:A@1:0|decorator:B@2:0`): the first that is a retry decorator is the layer.
DECORATORS_SEPARATOR = "|"
# After a decorator's place, the module's layer entry that holds the classes its call
# gives the factory's parameters (`decorator:m.retrying@3:4#7`)
BOUND_MARK = "#"
# a retrying object a factory's call returns: `INDEX` + this + the class parameters the
# call leaves out, which take their defaults (`left_out`)
_LEFT_OUT_MARK = "#"
SPREAD = "*"  # a key of the classes a call binds: it spreads arguments (`*a`, `**k`)
_NO_DEFAULTS: Mapping[str, Any] = {}
# A value's site: a library's retrying object (`Retrying(…)`), with its layer's number
RETRYING = "retrying"
# Before a method's name, among the classes a clause raises: what `raise self.NAME(e)`
# builds, read from every definition `self.NAME` may run (`_map_error`'s overrides)
DISPATCHED = "self."


class Layer(NamedTuple):
    """A retry layer, where it is and what it retries."""

    path: str
    line: int
    column: int  # 1-based
    label: str
    attempts: int | None
    errors: tuple[tuple[str, str], ...]  # (kind, value) error tests; none: every error
    # it goes round on a result that says the call failed: it retries only the failures
    # a function under it turns into such a value (`except …: return {"ok": False}`)
    on_value: bool = False
    # markers whose presence in that result leaves the loop (`if "Error: " in r: return r`)
    leaves_on: tuple[str, ...] = ()
    # the parameter of its function its attempts are, and a number added (`range(n + 1)`)
    bound: tuple[str, int] | None = None


class Stacked(NamedTuple):
    """A client's request that a retry layer re-sends, with the retries bound on that path."""

    layer: Layer
    retries: int | None  # the SDK's own retries on this path (None: unknown)
    request: tuple[str, int, int]  # where the request is sent: path, line, column


class RetryReach:
    """The retry layers of a call graph."""

    def __init__(self, graph: CallGraph) -> None:
        self.graph = graph

    def layer(self, module: str, layer: Any) -> Layer | None:
        summary = self.graph.summaries[module]
        if isinstance(layer, int):
            data = summary.graph["layers"][layer]
            if "returned" in data or "iterated" in data:  # a retrying object made elsewhere
                made = self._returned(data) if "returned" in data else self._iterated(module, data)
                if made is None:  # it iterates something else: the layer around it holds
                    within = data.get("within")
                    return None if within is None else self.layer(module, within)
                data = made
            line, column = map(int, data["at"].split(":"))
            errors = tuple((str(k), str(v)) for k, v in data["errors"])
            value = bool(data.get("value"))
            label, attempts = data["label"], data["attempts"]
            markers = tuple(str(m) for m in data.get("leaves_on", ()))
            bound = data.get("bound")
            named = (str(bound[0]), int(bound[1])) if bound else None
            return Layer(
                summary.path, line, column + 1, label, attempts, errors, value, markers, named
            )
        if isinstance(layer, str) and DECORATORS_SEPARATOR in layer:  # several of the tree's
            found = (self.layer(module, one) for one in layer.split(DECORATORS_SEPARATOR))
            return next((each for each in found if each is not None), None)
        if isinstance(layer, str) and layer.startswith("decorator:"):
            name, _, at = layer[len("decorator:") :].rpartition("@")
            at, _, entry = at.partition(BOUND_MARK)
            line, column = map(int, at.split(":"))
            bound = summary.graph["layers"][int(entry)]["bound"] if entry else {}
            resolved = self.graph.resolve(name, module)
            if resolved is None or resolved not in self.graph.functions:
                return self._retry_object(name, module, (line, column), bound)
            owner = self.graph.functions[resolved]
            decorators = self.graph.summaries[owner.module].retry_decorators
            if owner.qualname not in decorators:  # one applying a library's, when it runs?
                last = owner.qualname.rsplit(".", 1)[-1]
                return self._retry_object(f"{owner.module}.{last}", module, (line, column), bound)
            written = self.graph.summaries[owner.module].retry_errors.get(owner.qualname, ())
            names = list(owner.facts.get("params", ()))
            tests = bind_errors(written, names, bound) or []  # None: every failure
            label = f"retry decorator `{owner.qualname}`"
            shown = tuple((str(k), str(v)) for k, v in tests)
            return Layer(summary.path, line, column + 1, label, decorators[owner.qualname], shown)
        return None

    def _returned(self, loop: dict[str, Any]) -> dict[str, Any] | None:
        """The layer of a loop over what a function of the tree returns: that function's
        retrying object, with the classes this call gives its parameters."""
        resolved = self.graph.hierarchy.resolve(loop["returned"]) or loop["returned"]
        owner = self.graph.functions.get(resolved)
        last = resolved.rsplit(".", 1)[-1]
        graph = self.graph.summaries[owner.module].graph if owner is not None else {}
        index = graph.get("retry_objects", {}).get(last)
        if index is None:
            return None
        made = graph["layers"][index]
        return {**made, "at": loop["at"], "errors": _made_errors(made, loop["bound"])}

    def _iterated(self, module: str, loop: dict[str, Any]) -> dict[str, Any] | None:
        """The layer of a loop over a value (a parameter, an attribute) that holds a
        library's retrying object, as the graph's values give it."""
        fid = f"{module}.{loop['in']}"
        if fid not in self.graph.functions:
            return None
        for ref in loop["iterated"]:
            held = [
                (owner, *_read_left_out(index))
                for owner, site, index in self.graph.evaluate(fid, ref)
                if site == RETRYING and owner in self.graph.summaries
            ]
            if not held:
                continue
            owner, number, _ = min(held)
            made = self.graph.summaries[owner].graph["layers"][number]
            # a factory's: a parameter one of its calls leaves out holds its default
            left = {name for o, n, names in held if (o, n) == (owner, number) for name in names}
            return {**made, "at": loop["at"], "errors": _made_errors(made, {}, left)}
        return None

    def _retry_object(
        self, name: str, reader: str, at: tuple[int, int], bound: dict[str, Any]
    ) -> Layer | None:
        """The layer a decorator applies when it names a module's retry object
        (`@llm_retry` with `llm_retry = retry(…)` in another module), or a function that
        returns one (`@make_retry(exceptions=…)`, with the classes the call gives it
        `bound`), at the application in module `reader`."""
        line, column = at
        path = self.graph.summaries[reader].path
        module, _, attribute = name.rpartition(".")
        owners = self.graph.modules_named(module, reader)
        places = [(owner, attribute) for owner in (owners if len(owners) == 1 else ())]
        # an instance of a class of the tree whose `__call__` applies one (`retry = Retry(…)`)
        places += [
            (self.graph.class_module[cls], f"{cls.rsplit('.', 1)[-1]}.__call__")
            for cls in self.graph.global_instances(name, reader)
        ]
        for owner, held in places:
            index = self.graph.summaries[owner].graph.get("retry_objects", {}).get(held)
            found = self.layer(owner, index) if index is not None else None
            if found is None:
                continue
            made = self.graph.summaries[owner].graph["layers"][index]
            if "names" in made:  # a factory's: its parameters bound by this application
                errors = _made_errors(made, bound)
                found = found._replace(errors=tuple((str(k), str(v)) for k, v in errors))
            return found._replace(path=path, line=line, column=column + 1)
        return None

    @functools.cached_property
    def wrappers(self) -> dict[str, tuple[str, int]]:
        """The functions that apply a library's retry decorator to what they get, with
        their layers (module, index)."""
        return {
            f"{module}.{name}": (module, index)
            for module, summary in self.graph.summaries.items()
            for name, index in summary.graph.get("retry_objects", {}).items()
        }

    @functools.cached_property
    def _closures(self) -> dict[str, list[str]]:
        """The functions defined in each function of the graph (`f.inner` of `f`), found
        once."""
        found: dict[str, list[str]] = {}
        for fid in self.graph.functions:
            enclosing = fid.rpartition(".")[0]
            if enclosing in self.graph.functions:
                found.setdefault(enclosing, []).append(fid)
        return found

    def hook_layers(self, cls: str, hooks: Mapping[str, Iterable[str]]) -> list[Layer]:
        """The retry layers in the hooks a class of the tree runs (its own definitions or
        inherited ones), where a base of its lineage outside the tree is a key of `hooks`
        and names them: a middleware's `wrap_model_call` that sends the request again."""
        hierarchy, found = self.graph.hierarchy, []
        named = {
            hook
            for current in hierarchy.lineage(cls)
            for base in hierarchy.classes[current].get("bases", ())
            for hook in hooks.get(base, ())
        }
        for hook in sorted(named):
            function = self.graph.functions.get(hierarchy.method(cls, hook) or "")
            if function is None:
                continue
            # the hook's request and handler (after `self`): a layer counts where a call
            # under it calls the handler or is given one of them (`self._stream(request)`),
            # not one that only fetches a token before the single `handler(request)`
            given = {("param", p) for p in function.facts.get("params", ())[1:3]}
            for call in function.facts.get("calls", ()):
                own = call.details.layer
                refs = [r for _, r in (*call.args, *call.details.keywords)]
                callee = call.callee
                if callee and callee[0] == "value":
                    refs += list(callee[1])
                if own is None or not any(tuple(r) in given for r in refs):
                    continue
                layer = self.layer(function.module, own)
                if layer is not None and layer not in found:
                    found.append(layer)
        return found

    def functions_under(self) -> dict[str, list[Layer]]:
        """The retry layers each function runs under (a worklist from every retried call)."""
        under: dict[str, list[Layer]] = {}
        pending: list[tuple[str, Layer]] = []
        wrappers = self.wrappers
        # (and the tree's own retry decorators, applied as a call: `deco(self._call)(…)`)
        named = {wrapper.rsplit(".", 1)[-1] for wrapper in wrappers} | {
            name.rsplit(".", 1)[-1]
            for summary in self.graph.summaries.values()
            for name in summary.retry_decorators
        }
        for fid, function in self.graph.functions.items():
            own = function.facts.get("layer")
            if own is not None and (layer := self.layer(function.module, own)) is not None:
                pending.append((fid, self._bound(self._counted(layer, fid), fid)))
            for number, call in enumerate(function.facts.get("calls", ())):
                if call.details.applied is not None or (named and _may_apply(call.callee, named)):
                    pending += self._applied(fid, number, call, wrappers)
                for own in (call.details.layer, call.details.value_layer):
                    layer = self.layer(function.module, own) if own is not None else None
                    if layer is not None:
                        layer = self._counted(layer, fid)
                        pending += [
                            (callee, self._bound(layer, callee))
                            for callee in self.graph.callees(fid, number)
                        ]
        while pending:
            fid, layer = pending.pop()
            held = under.setdefault(fid, [])
            if layer in held or len(held) >= 4 or not _goes_round(layer):
                continue
            held.append(layer)
            facts = self.graph.functions[fid].facts
            returned = _goes_round_on(layer, facts)
            for number, call in enumerate(facts.get("calls", ())):
                details, callees = call.details, self.graph.callees(fid, number)
                if not details.contained:
                    pending += [(callee, layer) for callee in callees]
                elif returned:  # a failure it catches and returns: raised in the callee
                    pending += [(callee, layer._replace(on_value=False)) for callee in callees]
                if details.reraises and not layer.on_value and not layer.errors:
                    # this function raises the failures the callee returns as values
                    pending += [(callee, layer._replace(on_value=True)) for callee in callees]
        return under

    def _applied(
        self, fid: str, number: int, call: CallFacts, wrappers: dict[str, tuple[str, int]]
    ) -> list[tuple[str, Layer]]:
        """The functions a call wraps in a retry decorator applied as a call, each under
        its layer whenever the wrapper it returns runs it: a library's
        (`retry(stop=…)(self._call_api)`), a module's retry object (`llm_retry(fn)`, with
        `llm_retry = retry(…)`), a function of the tree that applies one
        (`with_retry(self._call_api)`), or a decorator a helper is given with the function
        it applies it to (`return decorator(method)`: each call of the helper binds both)."""
        decorators: list[Any] = [] if call.callee is None else [call.callee]
        if call.details.applied is not None:
            decorators.append(("layer", call.details.applied))
        elif call.callee and call.callee[0] == "value":
            decorators = list(call.callee[1])
        applied = [ref for _, ref in call.args if ref and ref[0] in _APPLIED]
        if not applied:
            return []  # no function of the tree given to it: nothing it wraps
        sites: list[tuple[str, CallFacts | None]] = [(fid, None)]
        if any(ref[0] == "param" for ref in (*decorators, *applied)):  # bound by each caller
            sites = [
                (c, self.graph.functions[c].facts["calls"][n]) for c, n in self.graph.callers(fid)
            ]
        found: list[tuple[str, Layer]] = []
        for site, site_call in sites:
            layers = [
                layer
                for ref in decorators
                for layer in self._decorator_layers(fid, number, ref, (site, site_call), wrappers)
            ]
            if site_call is None and any(k == "param" for each in layers for k, _ in each.errors):
                found += self._applied_per_caller(fid, layers, applied)
            elif layers:
                targets = [
                    t for ref in applied for t in self._applied_targets(fid, ref, (site, site_call))
                ]
                found += [(target, layer) for layer in layers for target in targets]
        return found

    def _applied_per_caller(
        self, fid: str, layers: list[Layer], applied: list[Any]
    ) -> list[tuple[str, Layer]]:
        """The functions a retry decorator applied in `fid` wraps, under its layers with the
        classes each call of `fid` gives the parameters they retry
        (`retry(retry=retry_if_exception_type(retry_exceptions))(self.prompt)` in a base's
        `__init__`, each subclass's `super().__init__(retry_exceptions=(…))`); a method of
        the instance a subclass's call reaches through `super()` (or `self`) is one of that
        subclass's family."""
        found: list[tuple[str, Layer]] = []
        for caller, number in self.graph.callers(fid):
            call = self.graph.functions[caller].facts["calls"][number]
            given = _classes_given(call)
            bound = [self._bound(layer, fid, given) for layer in layers]
            same = bool(call.callee) and call.callee[0] in ("super", "self")
            targets = [
                t
                for ref in applied
                for t in (
                    self._applied_targets(caller, ref, (caller, None))
                    if same and ref[0] == "self"
                    else self._applied_targets(fid, ref, (fid, None))
                )
            ]
            found += [(target, layer) for layer in bound for target in targets]
        return found

    def _decorator_layers(
        self,
        fid: str,
        number: int,
        ref: Any,
        site: tuple[str, CallFacts | None],
        wrappers: dict[str, tuple[str, int]],
    ) -> list[Layer]:
        """The retry layers the decorator `ref` that call `number` of `fid` applies stands
        for (a parameter: what the call `site` gives it)."""
        module = self.graph.functions[fid].module
        entries: list[tuple[str, Any]] = []
        if ref[0] == "layer":
            entries.append((module, ref[1]))
        elif ref[0] == "name":
            entries += [wrappers[w] for w in self.graph.callees(fid, number) if w in wrappers]
            entries += self._retry_objects(ref[1], module, wrappers)
            call = self.graph.functions[fid].facts["calls"][number]
            written = f"decorator:{ref[1]}@{call.line}:{call.column}"  # one of the tree's
            entries += [(module, written)] if self._tree_decorator(ref[1], module) else []
        elif ref[0] == "global":
            entries += self._retry_objects(ref[1], module, wrappers)
        elif ref[0] == "param" and site[1] is not None:
            reader = self.graph.functions[site[0]].module
            for given in self.graph.passed(fid, site[1], ref[1]):
                if given and given[0] == "global":
                    entries += self._retry_objects(given[1], reader, wrappers)
        return [layer for entry in entries if (layer := self.layer(*entry)) is not None]

    def _tree_decorator(self, name: str, reader: str) -> bool:
        """Whether a name module `reader` calls is a retry decorator written in the tree,
        one that returns a wrapper (a helper that runs what it is given is followed as a
        call: `auditor.python.runner.retries`)."""
        resolved = self.graph.resolve(name, reader)
        owner = self.graph.functions.get(resolved or "")
        summary = self.graph.summaries[owner.module] if owner is not None else None
        return (
            owner is not None
            and summary is not None
            and owner.qualname in summary.retry_decorators
            and owner.qualname not in summary.retry_helpers
        )

    def _retry_objects(
        self, name: str, reader: str, wrappers: dict[str, tuple[str, int]]
    ) -> list[tuple[str, Any]]:
        """The retry object a module-level name that module `reader` reads stands for."""
        key = self.graph.global_key(name, reader)
        entry = wrappers.get(key) or wrappers.get(self.graph.resolve(name, reader) or "")
        return [] if entry is None else [entry]

    def _applied_targets(self, fid: str, ref: Any, site: tuple[str, CallFacts | None]) -> list[str]:
        """The functions the value `ref` of `fid` may be (a parameter: the values the
        call `site` gives it, read there)."""
        if ref[0] == "param":
            if site[1] is None:
                return []
            given = self.graph.passed(fid, site[1], ref[1])
            return [
                t
                for r in given
                if r and r[0] in ("self", "global")  # read in the caller
                for t in self._applied_targets(site[0], r, (site[0], None))
            ]
        kind = "self" if ref[0] == "self" else "name"
        return self.graph.targets(self.graph.functions[fid], (kind, ref[1]))

    def _as_raised(
        self,
        layer: Layer,
        raised: Iterable[str],
        passed: Iterable[str] = (),
        mapped: Iterable[Iterable[str]] = (),
    ) -> Layer | None:
        """A layer over a request whose failures a clause raises as one of `raised`
        (`except Exception: raise ProviderError(…)`), but for those of `passed` raised as
        they are: a layer that retries one of `raised` or a base of it retries every
        failure of the request; one that retries only other classes never sees them.
        `mapped` stand-ins say which classes clauses of their own raise as others, and
        for which failures (`except RateLimitError: raise RateLimited(…)`; `except
        APIStatusError as e: if e.status_code == 429: raise RateLimited(…)`, a 429): the
        layer retries the failures whose stand-ins it retries, and, with no clause that
        raises every failure as another, the classes it names that no clause takes. A
        clause that keeps every failure raises `ESCAPED` (no class): only the classes
        before it let out go on."""
        if not layer.errors or any(kind != "class" for kind, _ in layer.errors):
            return layer  # every failure, or one told by its message: as it was
        caught = {value for _, value in layer.errors}
        raised = tuple(raised)
        family = self.graph.hierarchy.family_names
        if raised and caught & family(raised):
            return layer._replace(errors=())
        if raised and caught & set(passed):
            return layer
        stand_ins = [tuple(stand_in) for stand_in in mapped]
        taken = {source for source, *_ in stand_ins}
        # the failures whose stand-ins it retries (a class caught, or a test that decided)
        seen = [(kind, value) for _, kind, value, other in stand_ins if caught & family([other])]
        # with no clause that raises every failure as another, the classes no clause takes
        untaken = [name for name in sorted(caught) if name not in taken] if not raised else []
        seen += [("class", name) for name in untaken]
        if not seen:
            return None
        return layer._replace(errors=tuple(dict.fromkeys(seen)))

    def _dispatched(self, fid: str, raised: list[Any]) -> list[Any]:
        """A request's translation (`raised`, passed, stand-ins) with each `self.NAME(e)`
        a clause raises read as the classes that every definition it may run in an
        instance of the method's class returns: the class's own, and each subclass's
        override in any module (`raise self._map_error(exc)`, where each provider maps
        its SDK's rate-limit error to `ProviderRateLimitError`)."""
        if not raised or not any(
            str(n).startswith(DISPATCHED) for n in (*raised[0], *_others(raised))
        ):
            return raised
        function = self.graph.functions[fid]
        cls = function.facts.get("class")
        owner = f"{function.module}.{cls}" if cls else ""
        known = owner in self.graph.classes

        def classes(names: Iterable[str]) -> tuple[str, ...]:
            found: list[str] = []
            for name in names:
                if not name.startswith(DISPATCHED):
                    found.append(name)
                    continue
                method = name.removeprefix(DISPATCHED)
                definitions = self.graph.hierarchy.dispatch(owner, method) if known else []
                for definition in definitions:
                    made = self.graph.functions.get(definition)
                    found += made.facts.get("made", ()) if made is not None else ()
                if not definitions:  # no method of that name: a class (`raise self.Fatal(…)`)
                    found.append(method)
            return tuple(dict.fromkeys(found))

        first, passed, mapped, *rest = raised
        stand_ins = [(*s[:3], other) for s in mapped for other in classes([s[3]])]
        return [classes(first), passed, stand_ins, *rest]

    def _counted(self, layer: Layer, fid: str) -> Layer:
        """`layer`, a loop of function `fid`, with its attempts where a parameter of `fid`
        gives them (`range(max_retries)`): the most any call of `fid` in the tree gives."""
        if layer.bound is None:
            return layer
        name, plus = layer.bound
        number = self.graph.parameter_number(fid, name)
        return layer._replace(attempts=None if number is None else number + plus, bound=None)

    def _bound(self, layer: Layer, fid: str, given: Mapping[str, Any] | None = None) -> Layer:
        """`layer` with what an `except self.ERRORS` catches read where it runs `fid`: the
        class `fid` belongs to (an override a `self.m()` in the loop dispatched to) gives
        `ERRORS` (a base declares it, each subclass sets it); and what an `except
        retryable:` of a parameter of `fid` catches, as the call that runs it gives it
        (`given`, by position or keyword; none given: a class of that name)."""
        if any(kind == "param" for kind, _ in layer.errors):
            names = list(self.graph.functions[fid].facts.get("params", ()))
            bound = bind_errors(layer.errors, names, dict(given or {}))
            read = () if bound is None else tuple((str(k), str(v)) for k, v in bound)
            layer = layer._replace(errors=tuple(dict.fromkeys(read)))
        if not any(k == "class" and v.startswith(("self.", "cls.")) for k, v in layer.errors):
            return layer
        errors: list[tuple[str, str]] = []
        for kind, value in layer.errors:
            named = self.graph.class_constant(fid, value.split(".", 1)[1]) if "." in value else []
            errors += [("class", name) for name in named] or [(kind, value)]
        return layer._replace(errors=tuple(dict.fromkeys(errors)))

    def stacked(self, module: str, site: str) -> Iterator[Stacked]:
        """Each request of the client built at `site` in `module` that a retry layer
        re-sends, with the retries the client has on that path."""
        for fid, number in self.graph.passed_requests():
            yield from self._passed(fid, number, module, site)
        yield from self._runnables(module, site)
        for fid, send, mine in self.graph.sent_through(module, site):
            function = self.graph.functions[fid]
            at, own, contained, _, *raised = send
            layers = []
            if own is not None and (local := self.layer(function.module, own)):
                layers.append(self._bound(self._counted(local, fid), fid))
            layers += self.graph.under.get(fid, [])
            # a failure contained here reaches only a layer that retries on its value
            layers = [
                layer
                for layer in layers
                if (_goes_round_on(layer, function.facts) if contained else not layer.on_value)
                and _goes_round(layer)
            ]
            line, column = map(int, at.split(":"))
            request = (self.graph.summaries[function.module].path, line, column + 1)
            raised = self._dispatched(fid, raised)
            for layer in layers:
                seen = self._as_raised(layer, *raised) if raised else layer
                if seen is None:
                    continue  # its failures reach the layer as classes it does not retry
                for token in mine:
                    yield Stacked(seen, self._given_retries(fid, token[2], layer), request)

    def _given_retries(self, fid: str, retries: Any, layer: Layer) -> int | None:
        """A client's retries where function `fid` sends through it under `layer`: a
        number, or, set by a parameter of `fid` itself (`param:NAME:DEFAULT`), the largest
        number the calls of `fid` that `layer` reaches give it (None where one gives a
        value not known), its default where none does."""
        kind, _, rest = retries.partition(":") if isinstance(retries, str) else ("", "", "")
        name = rest.split(":", 1)[0]
        if kind != "param" or name not in self.graph.functions[fid].facts.get("params", ()):
            return _retries(retries)
        given = [
            self.graph.given_number(caller, call, fid, name)
            for caller, number in self.graph.callers(fid)
            if self._reaches(
                caller, call := self.graph.functions[caller].facts["calls"][number], layer
            )
        ]
        if not given:
            return _retries(retries)
        return None if None in given else max(n for n in given if n is not None)

    def _reaches(self, caller: str, call: CallFacts, layer: Layer) -> bool:
        """Whether `layer` reaches a call: it is the call's own, or one its function runs
        under."""
        module = self.graph.functions[caller].module
        own = [self.layer(module, ref) for ref in (call.details.layer, call.details.value_layer)]
        around = [*(found for found in own if found is not None), *self.graph.under.get(caller, [])]
        return any(_placed(found) == _placed(layer) for found in around)

    def _runnables(self, module: str, site: str) -> Iterator[Stacked]:
        """The client built at `site` where a retrying runnable is made of a value that may
        hold it, in any module (`primary.with_retry(…)` on what a provider's builder
        returns): every request sent through the runnable runs under its layer."""
        for fid, call in self.graph.runnable_calls():
            callee = call.callee
            if not callee or callee[0] != "method":
                continue
            tokens = {t for ref in callee[1] for t in self.graph.evaluate(fid, ref)}
            mine = [t for t in tokens if t[0] == module and t[1] == site]
            layer = self.layer(self.graph.functions[fid].module, call.details.runnable)
            if not mine or layer is None or not _goes_round(layer):
                continue
            path = self.graph.summaries[self.graph.functions[fid].module].path
            for token in mine:
                yield Stacked(layer, _retries(token[2]), (path, call.line, call.column + 1))

    def _passed(self, fid: str, number: int, module: str, site: str) -> Iterator[Stacked]:
        """The requests of the client built at `site` that call `number` of function `fid`
        passes as values (`with_retry(client.messages.create, …)`): each is sent where the
        callee calls the parameter it binds, under the layers there (the call's own, and
        the callee's)."""
        function = self.graph.functions[fid]
        call = function.facts["calls"][number]
        for position, refs in call.details.requests:
            tokens = {t for ref in refs for t in self.graph.evaluate(fid, ref)}
            mine = [t for t in tokens if t[0] == module and t[1] == site]
            if not mine:
                continue
            request = (self.graph.summaries[function.module].path, call.line, call.column + 1)
            layers: list[Layer] = []
            if _runs_given(call.callee, position):  # `asyncio.to_thread(client.files.create, …)`
                layers += self._around(fid, call)
            if call.details.applied is not None:  # `retry(…)(client.chat.completions.create)`
                applied = ("layer", call.details.applied)
                layers += self._decorator_layers(fid, number, applied, (fid, None), self.wrappers)
            given = _classes_given(call)
            for callee in self.graph.callees(fid, number):
                layers += self._calling_layers(callee, position, given)
            for layer in dict.fromkeys(layers):
                for token in mine:
                    yield Stacked(layer, _retries(token[2]), request)

    def _calling_layers(
        self, fid: str, position: int | str, given: Mapping[str, Any] | None = None, depth: int = 0
    ) -> list[Layer]:
        """The retry layers over the calls function `fid` makes of its parameter at
        `position` (or named so) (`fn(*args)` in a retry loop, or anywhere in a function
        that runs under a layer), with the classes its call gives its other parameters
        (`given`: `call_with_retries(fn, _RETRYABLE)`); also where a function of the tree
        it passes the parameter on to calls it (`call_with_retries(make_call, …)` in
        `_create(self, make_call)`), under the layers around that call here too."""
        function = self.graph.functions[fid]
        params = list(function.facts.get("params", ()))
        if isinstance(position, str):
            if position not in params:
                return []
            parameter = ("param", position)
        elif position >= self.graph.positional(fid):  # into its `*args`, or past them
            return []
        else:
            parameter = ("param", params[position])
        found: list[Layer] = []
        for number, call in enumerate(function.facts.get("calls", ())):
            callee = call.callee
            if callee and callee[0] == "value" and parameter in [tuple(r) for r in callee[1]]:
                found += self._around(fid, call, given)
            if depth >= _PASSED_DEPTH or not _passes(call, parameter):
                continue
            onward = _classes_given(call)
            for target in self.graph.callees(fid, number):
                for name in self.graph.functions[target].facts.get("params", ()):
                    if parameter in [tuple(r) for r in self.graph.passed(target, call, name)]:
                        found += self._calling_layers(target, name, onward, depth + 1)
            found += self._around(fid, call, given)
        # and in the closures it defines, which call it as a free name (`async def
        # _attempt(): … return await opener()`, run under the closure's own layer)
        outer = ("outer", function.qualname, (parameter,))
        for inner_fid in self._closures.get(fid, ()):
            for call in self.graph.functions[inner_fid].facts.get("calls", ()):
                callee = call.callee
                if callee and callee[0] == "value" and outer in [_frozen(r) for r in callee[1]]:
                    found += self._around(inner_fid, call)
        return list(dict.fromkeys(found))

    def _around(
        self, fid: str, call: CallFacts, given: Mapping[str, Any] | None = None
    ) -> list[Layer]:
        """The retry layers a failure of call `call` of `fid` reaches: the call's own
        (with the classes `given` to the parameters of `fid`), and those `fid` runs under
        unless a `try` here keeps the failure in."""
        found: list[Layer] = []
        own = call.details.layer
        module = self.graph.functions[fid].module
        if own is not None and (layer := self.layer(module, own)) is not None:
            found.append(self._bound(layer, fid, given))
        if not call.details.contained:
            found += self.graph.under.get(fid, [])
        return found


# How many functions a callable may be passed on through before the one that calls it
_PASSED_DEPTH = 3


def _classes_given(call: CallFacts) -> dict[str, Any]:
    """The exception classes a call gives its callee's parameters, by their place (after
    a runner's own arguments) or keyword, as `bind_errors` reads them."""
    shift = call.details.shift
    return {
        str(int(key) - shift) if str(key).isdigit() else str(key): tests
        for key, tests in call.details.classes
    }


def _passes(call: CallFacts, parameter: tuple[str, str]) -> bool:
    """Whether a call passes a parameter on as one of its values."""
    given = (*(r for _, r in call.args), *(r for _, r in call.details.keywords))
    return any(tuple(ref) == parameter for ref in given)


# The values a decorator applied as a call may be given: a function of the tree
_APPLIED = ("self", "global", "param")


def _may_apply(callee: Any, named: set[str]) -> bool:
    """Whether a call's callee may be a retry decorator of the tree (`_applied`): a name of
    one, or a value a parameter or a module-level name gives it."""
    if not callee:
        return False
    if callee[0] == "name":
        return callee[1].rsplit(".", 1)[-1] in named
    return callee[0] == "value" and any(
        r and (r[0] == "param" or (r[0] == "global" and r[1].rsplit(".", 1)[-1] in named))
        for r in callee[1]
    )


def _runs_given(callee: Any, position: int | str) -> bool:
    """Whether a call of `callee` runs the callable given at `position` itself, where a
    failure of it is raised (`value_calls.ARGUMENT_RUNNERS`)."""
    if not callee or callee[0] not in ("name", "method"):
        return False
    receiver: str | None = "?"
    if callee[0] == "method":
        name = str(callee[-1])
    else:
        dotted, _, name = callee[1].rpartition(".")
        receiver = dotted or None
    return name not in DEFERRED_FAILURES and argument_runner(name, receiver) == position


def _made_errors(
    made: Mapping[str, Any], bound: dict[str, Any], left: Iterable[str] | None = None
) -> list[list[str]]:
    """The error tests of a retrying object a factory returns (its layer entry `made`),
    its class parameters bound to what a call gives them (`bound`), else to their
    defaults (only those of `left`, the ones the call is known to leave out, if given);
    none: every failure."""
    defaults = made.get("defaults", {})
    if left is not None:
        defaults = {name: defaults[name] for name in left if name in defaults}
    errors = bind_errors(made["errors"], made.get("names", []), bound, defaults)
    return [] if errors is None else errors


def left_out(index: int, names: Iterable[str]) -> str:
    """The reference to layer `index` made by a factory's call that leaves out its class
    parameters `names` (`RetryReach` reads it back)."""
    return f"{index}{_LEFT_OUT_MARK}{','.join(names)}"


def _read_left_out(reference: Any) -> tuple[int, tuple[str, ...]]:
    """A layer reference, plain or `left_out`: the layer, and the parameters left out."""
    number, _, names = str(reference).partition(_LEFT_OUT_MARK)
    return int(number), tuple(name for name in names.split(",") if name)


def bind_errors(
    errors: Iterable[Any],
    names: list[str],
    bound: dict[str, Any],
    defaults: Mapping[str, Any] = _NO_DEFAULTS,
) -> list[list[str]] | None:
    """A layer's error tests with each `param` test replaced by the classes the call
    gives that parameter (`bound`, by position or keyword; `names`: the parameters in
    order), or, where it gives none, the classes of its default (`defaults`; not where
    it spreads arguments, `SPREAD` in `bound`, which may give any); None when one is
    given a class that covers every failure (`Exception`). A class not given and without
    a default, or given but not readable, stays a class of that name: nothing known
    matches it (an empty tuple is given as `NO_CLASS`)."""
    found: list[list[str]] = []
    for kind, value in errors:
        if kind != "param":
            found.append([kind, value])
            continue
        key = value if value in bound else str(names.index(value)) if value in names else ""
        given = bound.get(key) if key in bound or SPREAD in bound else defaults.get(value)
        if given is None:
            found.append(["class", value])
        elif not given:
            return None
        else:
            found += given
    return found


def _others(raised: list[Any]) -> list[str]:
    """The classes a translation's stand-ins raise in their failures' stead."""
    mapped = raised[2] if len(raised) > 2 else ()
    return [str(stand_in[3]) for stand_in in mapped]


def _placed(layer: Layer) -> tuple[str, int, int]:
    """Where a layer is: the same layer however a path counts or binds it."""
    return layer.path, layer.line, layer.column


def _retries(value: Any) -> int | None:
    """A client's retries: a number, or the default of a parameter no caller bound."""
    if isinstance(value, int):
        return value
    default = str(value).rsplit(":", 1)[-1]
    return bounded_int(default)


def _goes_round(layer: Layer) -> bool:
    """Whether a layer may send again: not a loop that makes one attempt (`range(1)`, or a
    parameter every call leaves at 1)."""
    return layer.attempts is None or layer.attempts > 1


def _goes_round_on(layer: Layer, facts: Mapping[str, Any]) -> bool:
    """Whether a layer goes round on the failures a function under it turns into values:
    one on a returned failure does, unless each text the function returns for a failure
    (`return f"Error: {e}"`) holds a marker the loop leaves on (`if "Error: " in r`)."""
    failing = facts.get("failing", ())
    return layer.on_value and not (
        failing
        and layer.leaves_on
        and all(any(marker in text for marker in layer.leaves_on) for text in failing)
    )


def _frozen(ref: Any) -> Any:
    """A reference as nested tuples (the cache gives lists back)."""
    return tuple(_frozen(part) for part in ref) if isinstance(ref, list | tuple) else ref
