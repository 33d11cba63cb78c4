"""The retry layers a library puts in one module, for the call graph: a library's retry
decorator or retrying loop object (`@retry(…)`, `for attempt in Retrying(…)`,
`Retrying(…)(fn)`), the tree's functions that build, return or apply one, and the
tree's own decorators named where they are applied (`@self._retry_with_backoff`).

Each layer is an entry of `layers` (where it is, a label, its attempts and the
failures it retries), referred to by its index; a layer that only the graph can
resolve (a loop over a value holding a retrying object made elsewhere) says so in
its entry (`RetryReach` reads it).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from typing import Any

from auditor.python.model.ast_values import (
    Function,
    dotted_name,
    is_generator,
    is_property,
    is_static,
    module_statements,
    parameter_defaults,
    walk,
)
from auditor.python.model.class_family import on_self
from auditor.python.model.imports import Imports
from auditor.python.model.retry_reach import BOUND_MARK, DECORATORS_SEPARATOR
from auditor.python.runner.error_conditions import library_errors, raised_errors
from auditor.python.runner.error_tests import (
    AstFacts,
    ErrorTest,
    RetriedErrors,
    bound_classes,
    given_classes,
    union,
)
from auditor.python.runner.function_facts import FunctionFacts, LayerRef
from auditor.python.runner.steps import StepCatalog
from auditor.python.runner.value_refs import Ref, ValueRefs, literal_int, position

# the libraries whose layers retry a raised `TryAgain` whatever their predicate says
_TRY_AGAIN_LIBRARIES = frozenset({"tenacity", "stamina"})
_BUILTIN_DECORATORS = frozenset({"staticmethod", "classmethod", "abstractmethod"})


class LibraryLayers:
    """The layers of one module that a retry library's objects make (`layers`, each an
    entry by its index), and the module names bound to one (`retry_objects`)."""

    def __init__(
        self, tree: ast.Module, imports: Imports, steps: StepCatalog, blanket: frozenset[str]
    ) -> None:
        self.tree, self.imports, self.steps, self.blanket = tree, imports, steps, blanket
        self.layers: list[dict[str, Any]] = []
        self.retries_named = True  # the text may name a retry library
        self.yields = True  # the text may have a `yield`: some function may be a generator
        self.returned: dict[int, list[ast.Return]] = {}  # id of a function -> its returns
        self._ast_facts: AstFacts | None = None
        self._retry_objects_made: dict[int, int] = {}  # id of a call -> its layer

    def ast_facts(self) -> AstFacts:
        """The module's exception classes and tests (built when first asked)."""
        if self._ast_facts is None:
            self._ast_facts = AstFacts(self.tree)
        return self._ast_facts

    def retry_objects(self) -> dict[str, int]:
        """Module names bound to a library's retry decorator (`llm_retry = retry(…)`),
        which other modules apply as `@llm_retry`, or to what a call of another module's
        function returns (`llm_retry = make_retry()`: a layer the graph resolves, which
        holds nothing when that function returns no retry object); and the functions that
        return or apply one: name -> its layer."""
        found: dict[str, int] = {}
        for statement in module_statements(self.tree):
            if not (isinstance(statement, ast.Assign) and isinstance(statement.value, ast.Call)):
                continue
            library = self.library_of(statement.value)
            if library is not None and library[0].form == "decorator":
                layer = self.library_layer(statement.value, library, "decorator")
            elif (returned := self.returned_retrier(statement.value)) is not None:
                # what a function of the tree returns (`retrying = make_retry()`, with
                # `def make_retry(): return retry(…)` in another module): resolved with
                # the graph, as a loop over such a call is
                layer = self.returned_layer(statement.value, *returned, None)
            else:
                continue
            for target in statement.targets:
                if isinstance(target, ast.Name):
                    found[target.id] = layer
        for _, function, cls in defined_functions(self.tree) if self.retries_named else ():
            applied = self._applied_library(function)
            if applied is None:
                applied = self._returned_made(function, "loop", cls)
            if applied is None:
                applied = self._returned_made(function, "decorator", cls)
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

    def _returned_made(self, function: Function, form: str, cls: str | None) -> int | None:
        """The layer of a library's retrying loop object (`form` "loop": `return
        Retrying(stop=…)`, which callers loop over: `for a in make():`) or retry decorator
        ("decorator": `def get_retry(): return retry(stop=…)`, applied as `@get_retry()`)
        that a function builds and returns. A class its errors name that is a parameter
        of the function is bound at each call (`retry_on`), else is the parameter's
        default (`exceptions=Exception`); a method's are those after its receiver, as its
        calls give them."""
        params = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
        if cls is not None and params and not is_static(function):
            params = params[1:]  # `self._make_retry(E)`: `E` is the first one given
        params += [a.arg for a in function.args.kwonlyargs]
        for node in self.returned.get(id(function), ()):
            if isinstance(node.value, ast.Call):
                library = self.library_of(node.value)
                if library is not None and library[0].form == form:
                    index = self.library_layer(node.value, library, form)
                    layer = self.layers[index]
                    layer["label"] = f"`{function.name}()`'s {layer['label']}"
                    layer["errors"] = [
                        ["param", v] if k == "class" and v in params else [k, v]
                        for k, v in layer["errors"]
                    ]
                    layer["names"] = params
                    named = {v for k, v in layer["errors"] if k == "param"}
                    defaults = {k: v for k, v in parameter_defaults(function).items() if k in named}
                    if defaults:
                        facts, blanket = self.ast_facts(), self.blanket
                        layer["defaults"] = {
                            k: given_classes(v, facts, blanket) for k, v in defaults.items()
                        }
                    return index
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
                library = self.library_of(decorator)
                if library is None or library[0].form != "decorator":
                    continue
                if not any(
                    isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in around
                    for n in walk(inner)
                ):
                    break  # it does not call a function it is given
                index = self._applied_layer(decorator, library, function)
                self._translated(index, inner, around, library[2])
                return index
        return None

    def _translated(self, index: int, wrapper: Function, given: set[str], library: str) -> None:
        """Add to a decorator's layer the failures its wrapper raises to it as what it
        retries: a clause of the `try` around the call of the function it is given that
        raises a class the layer retries (or a subclass the module defines), or, for
        tenacity (and stamina, built on it), its `TryAgain` (retry now, whatever the
        predicate), for the failures the clause raises it for (`except Exception as e:
        if transient(e): raise TryAgain from e`)."""
        layer = self.layers[index]
        retried = {value.rsplit(".", 1)[-1] for kind, value in layer["errors"] if kind == "class"}
        if library.split(".", 1)[0] in _TRY_AGAIN_LIBRARIES:
            retried.add("TryAgain")
        retried |= _subclasses(self.tree, retried)
        facts, found = self.ast_facts(), []
        for node in walk(wrapper):
            if not isinstance(node, ast.Try) or not any(
                isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in given
                for statement in node.body
                for n in walk(statement)
            ):
                continue
            for handler in node.handlers:
                raised = raised_errors(handler, facts, self.blanket)
                found += [errors for name, errors in raised.items() if name in retried]
        if found and layer["errors"]:
            errors = union([RetriedErrors(tuple(_tests(layer["errors"]))), *found])
            layer["errors"] = layer_pairs(errors)

    def _applied_layer(self, node: ast.expr, library: Any, function: Function) -> int:
        """The layer of a library's retry decorator that the tree's decorator `function`
        applies to what it is given, labelled as that decorator's."""
        index = self.library_layer(node, library, "decorator")
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
        returned = {id(r.value) for r in self.returned.get(id(function), ()) if r.value}
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
            library = self.library_of(maker) if isinstance(maker, ast.Call) else None
            if maker is not None and library is not None and library[0].form == "decorator":
                return self._applied_layer(maker, library, function)
        return None

    def add_layer(self, node: ast.AST, label: str, attempts: int | None, errors: Any) -> int:
        self.layers.append(
            {
                "at": position(node),
                "label": label,
                "attempts": attempts,
                "errors": errors,
            }
        )
        return len(self.layers) - 1

    def library_layer(
        self, node: ast.AST, found: tuple[Any, ast.Call | None, str], form: str
    ) -> int:
        """The layer a library's decorator or loop call puts at `node`."""
        library, call, qualified = found
        attempts = _attempts(call, library.attempts_keyword)
        errors = self._library_errors(library, call)
        name = qualified.rsplit(".", 1)[-1]
        label = f"`@{name}`" if form == "decorator" else f"`{name}` loop"
        return self.add_layer(node, label, attempts, errors)

    def runnable_layer(self, call: ast.Call, kept: Callable[[ast.Call], bool]) -> int | None:
        """The layer of a library's retrying runnable a call makes of its receiver
        (`model.with_retry(stop_after_attempt=3)`, a library of form "method") and that
        `kept` says its function hands on: the receiver's requests run under it wherever
        the runnable is used."""
        if not isinstance(call.func, ast.Attribute):
            return None
        name = call.func.attr
        library = self.steps.method_libraries.get(name)
        if library is None or not kept(call):
            return None
        given = any(k.arg == library.attempts_keyword for k in call.keywords)
        attempts = _attempts(call, library.attempts_keyword) if given else None
        if not given and not any(k.arg is None for k in call.keywords):
            attempts = library.default_attempts or None
        errors = self._library_errors(library, call)
        return self.add_layer(call, f"`.{name}(…)`", attempts, errors)

    def retry_object(self, call: ast.Call) -> int | None:
        made = self._retry_objects_made.get(id(call))
        if made is None and self.retries_named and (found := self.library_of(call)) is not None:
            form = found[0].form
            if form not in ("loop", "decorator"):
                return None
            made = self._retry_objects_made[id(call)] = self.library_layer(call, found, form)
        return made

    def iterated_retrier(
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
        index = self.add_layer(node, "", None, [])
        where = function.qualname or "<module>"
        self.layers[index] |= {"iterated": refs, "in": where, "within": outer}
        return index

    def returned_retrier(self, node: ast.expr) -> tuple[str, ast.Call] | None:
        """The tree's function whose call a loop iterates (`for a in make_retrying(…):`),
        and that call; a local name holding the call is read through by the caller."""
        if not isinstance(node, ast.Call) or (dotted := dotted_name(node.func)) is None:
            return None
        qualified = self.imports.qualify(dotted)
        if qualified in self.steps.libraries or "." not in qualified:
            return None
        return qualified, node

    def returned_layer(self, loop: ast.AST, qualified: str, call: ast.Call, outer: LayerRef) -> int:
        """A loop over what `qualified` returns: a layer if that is a library's retrying
        object (resolved with the graph), with the exception classes this call gives to
        the parameters its errors name (`retry_on=(OpenAIError,)`)."""
        bound = self._bound_classes(call)
        index = self.add_layer(loop, "", None, [])
        # `within`: the layer around the loop, which stays when what it iterates is no
        # retrying object (`for name in os.listdir(…)` inside a `Retrying` loop)
        self.layers[index] |= {"returned": qualified, "bound": bound, "within": outer}
        return index

    def _bound_classes(self, call: ast.Call) -> dict[str, list[list[str]] | None]:
        return bound_classes(call, self.ast_facts(), self.blanket)

    def library_of(self, node: ast.expr) -> tuple[Any, ast.Call | None, str] | None:
        call = node if isinstance(node, ast.Call) else None
        dotted = dotted_name(call.func if call else node)
        if dotted is None:
            return None
        qualified = self.imports.qualify(dotted)
        library = self.steps.libraries.get(qualified)
        return None if library is None else (library, call, qualified)

    def _library_errors(self, library: Any, call: ast.Call | None) -> list[list[str]]:
        return layer_pairs(library_errors(library, call, self.ast_facts(), self.blanket))

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
            on_instance = isinstance(decorator, ast.Attribute) and on_self(decorator)
            if on_instance and outer is not None and cls is not None:
                # `@self._retry` on a closure: what the instance holds there
                # (`self._retry = make_retry(…)`), else a method of the class
                assert isinstance(decorator, ast.Attribute)
                method = f"{self.imports.own}.{cls}.{decorator.attr}"
                held = outer.refs(decorator)
                if held and not self._generator(function):
                    within = self._decorator_ref(decorator, method)
                    return self._held_layer(decorator, held, outer, within)
            found = self.library_of(decorator)
            if found is not None and found[0].form == "decorator":
                if self._generator(function):
                    return None  # a generator's decorators retry nothing (`is_generator`)
                return self.library_layer(decorator, found, "decorator")
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

    def _generator(self, function: Function) -> bool:
        """`is_generator`, not walked in a module whose text has no `yield`."""
        return self.yields and is_generator(function)

    def _decorator_ref(self, decorator: ast.expr, qualified: str) -> str:
        """A reference to a decorator of the tree at its place, with the classes its call
        gives the factory's parameters (`@retrying((E1, E2))`) in a layer entry."""
        ref = f"decorator:{qualified}@{position(decorator)}"
        # (a class it cannot read is given as None: given, so no default of the factory's)
        bound = self._bound_classes(decorator) if isinstance(decorator, ast.Call) else {}
        if bound:
            index = self.add_layer(decorator, "", None, [])
            self.layers[index]["bound"] = bound
            ref += f"{BOUND_MARK}{index}"
        return ref

    def retrier_call(self, call: ast.Call, function: FunctionFacts) -> tuple[int, Ref] | None:
        """A call of a retrying object (`Retrying(…)(fn, …)`, `retrier(fn, …)`): the layer
        and the function it runs."""
        found = self._called_library(call, function, "loop")
        if found is None:
            return None
        library, made, qualified = found
        attempts = _attempts(made, library.attempts_keyword)
        errors = self._library_errors(library, made)
        layer = self.add_layer(made, f"`{qualified.rsplit('.', 1)[-1]}` object", attempts, errors)
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
            index = self.library_layer(found[1], found, "decorator")
            layer = self.layers[index]
            # a class named by a parameter is bound at each call of the function
            # (`retry_if_exception_type(retry_exceptions)` in a base's `__init__`)
            if any(k == "class" and v in function.params for k, v in layer["errors"]):
                layer["errors"] = [
                    ["param", v] if k == "class" and v in function.params else [k, v]
                    for k, v in layer["errors"]
                ]
            return index
        origin = self._local_origin(call.func, function, only=True)
        if not isinstance(origin, ast.Call) or len(call.args) != 1:
            return None
        given = call.args[0]
        if not (isinstance(given, ast.Attribute | ast.Name) and self.library_of(origin) is None):
            return None
        dotted = dotted_name(origin.func)
        head = (dotted or "").split(".", 1)[0]
        if dotted is None or not self.imports.binds(head):
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
        found = self.library_of(origin)
        if found is None or found[0].form != form:
            return None
        return found[0], origin, found[2]


def defined_functions(tree: ast.Module) -> Iterator[tuple[str, Function, str | None]]:
    for node in module_statements(tree):
        if isinstance(node, Function):
            yield node.name, node, None
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, Function):
                    yield f"{node.name}.{item.name}", item, node.name


def _attempts(call: ast.Call | None, keyword: str | None) -> int | None:
    for item in call.keywords if call is not None else ():
        if item.arg == keyword:
            return literal_int(item.value)
        if item.arg == "stop" and isinstance(item.value, ast.Call) and item.value.args:
            return literal_int(item.value.args[0])
    return None


def _subclasses(tree: ast.Module, named: set[str]) -> set[str]:
    """The classes of a module that derive from one of `named`, at any depth (by their
    bases' last names)."""
    classes = [s for s in module_statements(tree) if isinstance(s, ast.ClassDef)]
    found: set[str] = set()
    grown = True
    while grown:
        grown = False
        for cls in classes:
            bases = {(dotted_name(b) or "").rsplit(".", 1)[-1] for b in cls.bases}
            if cls.name not in found and bases & (named | found):
                found.add(cls.name)
                grown = True
    return found


def _tests(pairs: list[list[str]]) -> Iterator[ErrorTest]:
    """A layer's `[kind, value]` pairs as error tests."""
    return (ErrorTest(kind, value) for kind, value in pairs)


def layer_pairs(errors: RetriedErrors) -> list[list[str]]:
    """A layer's error tests as layers keep them: `[kind, value]` pairs."""
    return [[test.kind, test.value] for test in errors.tests]
