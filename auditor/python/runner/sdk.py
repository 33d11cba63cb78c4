"""LLM SDK clients: where they are built, how many times each request is sent, where used.

A client is built by a constructor of `rules/data/sdk.toml` (or config), also one
given as a value to a factory of the module that calls it, or derived from one with
`.with_options(max_retries=N)` / `.copy(max_retries=N)`.
Its retry count comes from the keyword, resolved through literals, module
constants of this file and of other modules of the tree (the project index),
simple arithmetic and `**{…}` literals (also one of two, `**({…} if x else {})`);
absent, it is the SDK's default. Its uses are the requests sent through it,
wherever the value goes (`auditor.python.model.value_flow`): a name, a `self.`
attribute, a container, a factory's return, a function's parameter. A
request sent in a function of the module is also sent by each call of that
function (and of the functions calling it in turn), unless the function keeps
the request's failure in (`except Exception: return None`, or any clause that
catches every failure and raises nowhere): a retry layer around such a call
re-sends the request.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import NamedTuple

from auditor.project import PythonSummary, RetriedUse
from auditor.python.model.ast_values import (
    Function,
    class_names,
    descendants,
    dotted_name,
    statements,
)
from auditor.python.model.attribute_values import attribute_values
from auditor.python.model.class_attributes import class_attributes
from auditor.python.model.class_family import on_self
from auditor.python.model.mapping_keys import ABSENT, Absent, key_set_before, mapping_key
from auditor.python.model.module import PythonModule, integer_value
from auditor.python.model.module_names import module_names
from auditor.python.model.reaching import reaching_chains
from auditor.python.model.value_flow import (
    ValueFlow,
    attribute_call,
    held_method,
    simple_string,
)
from auditor.python.runner.error_tests import class_errors
from auditor.python.runner.regions import inside
from auditor.python.runner.sdk_catalog import (
    ModuleClient,
    SdkCatalog,
    SdkConstructor,
    sent_without_retries,
)
from auditor.python.runner.steps import default_steps
from auditor.python.unit import PythonUnit
from auditor.unit import OPAQUE_WORD


@dataclass(frozen=True)
class Client:
    """One client construction (or derivation with new retries) and what it sends."""

    call: ast.Call | ast.arg  # a parameter for `given`
    label: str  # "Anthropic", "client.with_options"
    keyword: str
    retries: int | None  # None: a value runaudit cannot resolve
    explicit: bool  # the keyword (or a `**` mapping) is given
    references: tuple[ast.AST, ...]  # request calls sent through this client
    exported: tuple[str, ...] = ()  # module-level names other modules can import it by
    # calls of the module's functions that send its requests and let their failures out
    callers: tuple[ast.AST, ...] = ()
    # a package's own default client (`openai.chat.completions.create(…)`): built by no
    # call of the program, its retries set on the module (`openai.max_retries = 0`)
    module_level: bool = False
    # the name of a parameter that must be given the client (`client: OpenAI`): the one
    # other code builds and hands in, its retries unknown to the tree (the call graph gives
    # the parameter this client only where no call of the tree runs its function)
    given: str = ""
    # the calls its value goes through (`model.with_retry()`, `create_agent(model=…)`):
    # a retry layer may cover what one of them gives
    through: tuple[ast.Call, ...] = ()

    def with_retries(self, retries: int) -> Client:
        """The client as built on a path that binds its retries (`make_client()`)."""
        return replace(self, retries=retries)

    @property
    def sends(self) -> int | None:
        """Physical sends per request: the first try plus the retries."""
        return None if self.retries is None else self.retries + 1


class _Resolver:
    def __init__(self, module: PythonModule, python: Mapping[str, PythonSummary]) -> None:
        self.module = module
        self.python = python  # the project index's modules: their constants

    def _imported(self, dotted: str) -> int | None:
        module_name, _, name = dotted.rpartition(".")
        reader = self.module.source.path
        for candidate in module_names(self.python).named(module_name, reader):
            values = self.python[candidate].constants
            if name in values:
                return values[name]
        return None

    def _module_binding(self, name: str, depth: int) -> int | None:
        bindings = self.module.bindings.get((self.module.tree, name), [])
        assigns = [b for b in bindings if b.kind == "assign"]
        if len(assigns) == 1:
            return self.value(assigns[0].value, depth + 1)
        return None

    def value(self, node: ast.expr, depth: int = 0) -> int | None:
        """The integer an expression evaluates to, if it can be known statically."""
        if depth > 12:
            return None
        if isinstance(node, ast.Constant):
            return integer_value(node)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            inner = self.value(node.operand, depth + 1)
            return -inner if inner is not None else None
        if isinstance(node, ast.BinOp):
            left, right = self.value(node.left, depth + 1), self.value(node.right, depth + 1)
            if left is None or right is None:
                return None
            operator = node.op
            if isinstance(operator, ast.Add):
                return left + right
            if isinstance(operator, ast.Sub):
                return left - right
            if isinstance(operator, ast.Mult):
                return left * right
            if isinstance(operator, ast.FloorDiv) and right:
                return left // right
            return None
        if isinstance(node, ast.Name):
            local = self._module_binding(node.id, depth)
            if local is not None:
                return local
            dotted = self.module.aliases.get(node.id)
            return self._imported(dotted) if dotted else None
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            base = self.module.aliases.get(node.value.id, node.value.id)
            return self._imported(f"{base}.{node.attr}")
        return None


def _retries(
    call: ast.Call, keywords: tuple[str, ...], resolver: _Resolver
) -> tuple[int | None, bool] | None:
    """(retries, explicit) from a call's arguments, by the first of `keywords` it sets
    (written, `num_retries=RETRIES`, it wins whatever its value; one a `**` mapping only
    may hold gives way to a later one known to be set); None when it sets none."""
    maybe: tuple[int | None, bool] | None = None
    for keyword in keywords:
        found = _retries_by(call, keyword, resolver)
        if found is None:
            continue
        written = any(argument.arg == keyword for argument in call.keywords)
        if written or found[0] is not None:
            return found
        maybe = maybe or found
    return maybe


def _retries_by(
    call: ast.Call, keyword: str, resolver: _Resolver, depth: int = 0
) -> tuple[int | None, bool] | None:
    """(retries, explicit) from a call's arguments; None when the keyword is not set."""
    for argument in call.keywords:
        if argument.arg == keyword:
            return resolver.value(argument.value), True
        if argument.arg is None:  # `**mapping`
            forwarded = _forwarded(call, argument.value, keyword, resolver, depth)
            if forwarded is ABSENT:
                continue
            if forwarded is not _NOT_FORWARDED:  # the callers' keywords, through `**kwargs`
                return (forwarded if isinstance(forwarded, int) else None), True
            if isinstance(argument.value, ast.Name):  # a local dict (`**client_kwargs`)
                module, local = resolver.module, argument.value.id
                # (set on the way to the call: `params.update(num_retries=0)`)
                set_before = key_set_before(module.scope_of(call), call, local, keyword)
                if set_before is not None:
                    return resolver.value(set_before), True
                held = _local_mapping(module, call, argument.value, keyword)
                if held is ABSENT:
                    continue
                return (held if isinstance(held, int) else None), True
            values = _mapping_values(resolver.module, argument.value, keyword)
            if values is None:
                return None, True  # `**opts`: it may set the keyword
            if values:
                given = {resolver.value(value) for value in values}
                return (given.pop() if len(given) == 1 else None), True
    return None


_NOT_FORWARDED = object()  # (a mapping that is not the function's own `**kwargs`)


def _forwarded(
    call: ast.Call, mapping: ast.expr, keyword: str, resolver: _Resolver, depth: int = 0
) -> object:
    """What the `**kwargs` parameter of the function `call` is in gives `keyword`, where
    `mapping` is it (`def _ask(**kwargs): retryer(litellm.acompletion, **kwargs)`): what
    the module's calls of that function give it, read as `call`'s own are (ABSENT where
    none sets it; None where one sets it to a value not known); only for a function no
    other module calls (a private one, `_ask`), else None. `_NOT_FORWARDED` for any
    other mapping."""
    module = resolver.module
    scope = module.scope_of(call)
    spread = scope.args.kwarg if isinstance(scope, Function) else None
    if not (isinstance(mapping, ast.Name) and spread is not None and spread.arg == mapping.id):
        return _NOT_FORWARDED
    assert isinstance(scope, Function)
    if depth > 2 or not scope.name.startswith("_") or module.parent(scope) is not module.tree:
        return None
    callers = [c for c in module.calls if isinstance(c.func, ast.Name) and c.func.id == scope.name]
    found: set[int | None] = set()
    for caller in callers:
        given = _retries_by(caller, keyword, resolver, depth + 1)
        if given is not None:
            found.add(given[0])
    if not callers or None in found or len(found) > 1:
        return None
    return found.pop() if found else ABSENT


def _local_mapping(
    module: PythonModule, call: ast.Call, name: ast.Name, keyword: str
) -> int | Absent | None:
    """What the local dict `name` passed as `**name` to `call` gives `keyword`, by the
    assignments that reach the call (`auditor.python.model.mapping_keys`); a name the
    function does not bind, by the module's one assignment of it (`KWARGS = {…}`)."""
    scope = module.scope_of(call)
    bindings = module.bindings.get((scope, name.id), [])
    if not bindings and scope is not module.tree:  # a module's dict constant
        held = module.bindings.get((module.tree, name.id), [])
        if len(held) != 1 or held[0].kind != "assign":
            return None
        return mapping_key([held[0].value], module.tree, name.id, keyword)
    chains = reaching_chains(module, bindings, call)
    if not chains or any(chain[0].kind != "assign" for chain in chains):
        return None
    return mapping_key([chain[0].value for chain in chains], scope, name.id, keyword)


def _mapping_values(module: PythonModule, node: ast.expr, keyword: str) -> list[ast.expr] | None:
    """What a `**` mapping may give `keyword`: a value per dict literal that sets it (none
    when none does); None when the mapping is not literals (`**{…}`, `**({…} if x else {})`)."""
    if isinstance(node, ast.IfExp):
        body = _mapping_values(module, node.body, keyword)
        orelse = _mapping_values(module, node.orelse, keyword)
        return None if body is None or orelse is None else body + orelse
    if not isinstance(node, ast.Dict):
        return None
    found: list[ast.expr] = []
    for key, value in zip(node.keys, node.values, strict=True):
        if key is None:
            return None  # `**{**other}`
        if isinstance(key, ast.Constant) and key.value == keyword and simple_string(module, key):
            found.append(value)
    return found


def _passed_request(module: PythonModule, sdk: SdkCatalog, call: ast.Call) -> SdkConstructor | None:
    """A request function handed as a value to the call that runs it, with the keywords
    that call passes on (`retryer(litellm.acompletion, *args, **kwargs)`,
    `asyncio.to_thread(litellm.completion, model=m, messages=ms)`): that call sends it."""
    first = call.args[0] if call.args else None
    dotted = dotted_name(first) if isinstance(first, ast.Name | ast.Attribute) else None
    found = sdk.constructor(module.qualified(dotted)) if dotted is not None else None
    return found if found is not None and found.sends else None


def _chain_root(node: ast.expr) -> ast.expr:
    while isinstance(node, ast.Attribute | ast.Call | ast.Subscript):
        node = node.value if isinstance(node, ast.Attribute | ast.Subscript) else node.func
    return node


_CALLER_DEPTH = 4  # functions followed up from a request to the calls that run it


def _callers(
    module: PythonModule, flow: ValueFlow, requests: tuple[ast.AST, ...], blanket: frozenset[str]
) -> tuple[ast.AST, ...]:
    """The calls of the module's functions that send `requests`, and of the functions that
    call those in turn, where a failure of what they run leaves the function."""
    found: dict[ast.AST, None] = {}
    sent, seen = list(requests), set[ast.AST]()
    for _ in range(_CALLER_DEPTH):
        above: list[ast.AST] = []
        for node in sent:
            function = module.scope_of(node)
            if not isinstance(function, Function) or function in seen:
                continue
            if not inside(module, node, function) or _kept_in(module, node, function, blanket):
                continue
            seen.add(function)
            above += [call for call in flow.calls_of(function) if call not in found]
        found.update(dict.fromkeys(above))
        sent = above
    return tuple(found)


def _kept_in(
    module: PythonModule, node: ast.AST, function: Function, blanket: frozenset[str]
) -> bool:
    """Whether a failure of `node` never leaves `function`: a `try` around it there has a
    clause that catches every failure and raises nowhere."""
    child, current = node, module.parent(node)
    while current is not None and current is not function:
        if isinstance(current, ast.Try) and any(s is child for s in current.body):
            for handler in current.handlers:
                names = class_names(handler.type) if handler.type else []
                if class_errors(names, blanket).every and not any(
                    isinstance(n, ast.Raise) for n in descendants(handler)
                ):
                    return True
        child, current = current, module.parent(current)
    return False


def find_clients(
    module: PythonModule,
    sdk: SdkCatalog,
    python: Mapping[str, PythonSummary],
    blanket: frozenset[str] | None = None,
) -> list[Client]:
    """Every client construction or retry-changing derivation in a module (`python`: the
    project index's modules, for imported constants; `blanket`: the exception classes that
    catch every failure, the step catalogue's by default)."""
    wide = default_steps().blanket_exceptions if blanket is None else blanket
    resolver = _Resolver(module, python)
    flow = ValueFlow(
        module, lambda call: sdk.same_client(call, module.calls.get(call, ())), pipes=sdk.pipes
    )
    clients: list[Client] = []
    for call, names in module.calls.items():
        # (sorted: a name an `if`/`elif` gives either class of, reported by the same one)
        constructor = next(
            (c for n in sorted(names) if (c := sdk.constructor(n)) is not None), None
        )
        if constructor is None and isinstance(call.func, ast.Name):
            given = _given_classes(module, call.func)  # `client_class(max_retries=3)`
            constructor = next((c for n in given if (c := sdk.constructor(n)) is not None), None)
        if constructor is None:  # `retryer(litellm.acompletion, **kw)`: sent by that call
            constructor = _passed_request(module, sdk, call)
        label = ""
        if constructor is not None:
            if constructor.unretried_model(call, lambda node: _texts(module, node)):
                continue
            label = constructor.label
            found = _retries(call, constructor.setting, resolver)
            retries, explicit = found if found is not None else (constructor.default, False)
        elif (
            isinstance(call.func, ast.Attribute)
            and call.func.attr in sdk.derivers
            and (found := _retries(call, ("max_retries",), resolver)) is not None
        ):
            retries, explicit = found
            root = _chain_root(call.func.value)
            if not isinstance(root, ast.Name):
                continue
            label = f"{root.id}.{call.func.attr}"
            constructor = SdkConstructor(label, "max_retries", 2)
        else:
            continue
        reached = flow.trace(call)
        requests = [attribute_call(module, use) for use in reached.uses]
        if constructor.called:  # `self.llm(messages=…)`: the chat model called itself
            requests += reached.called
        requests = [r for r in requests if r is None or not sent_without_retries(r)]
        requests += [  # `create = client.chat.completions.create`, then `create(…)`
            request
            for use in reached.uses
            if (method := held_method(module, use)) is not None
            for request in flow.trace(method).called
        ]
        sent = [call] if constructor.sends else []  # `litellm.completion(…)` itself
        references = tuple(dict.fromkeys(r for r in (*sent, *requests) if r is not None))
        callers = _callers(module, flow, references, wide)
        # (the keyword the call sets, where it sets one: `num_retries=3` is what to lower)
        aliases = [k.arg for k in call.keywords if k.arg in constructor.aliases]
        keyword = aliases[0] if aliases else constructor.keyword
        clients.append(
            Client(
                call,
                label,
                keyword,
                retries,
                explicit,
                references,
                reached.exported,
                callers,
                through=reached.passed,
            )
        )
    for default in sdk.module_clients:
        kept = f"= {default.module}\n" in module.source.text  # `self._client = openai`
        sent = [
            c
            for c, names in module.calls.items()
            if (any(map(default.sends_request, names)) and _on_module(module, c, default.module))
            or (kept and default.sends_request(_kept_module(module, c, default.module) or ""))
        ]
        if sent:
            set_to = _module_setting(module, default, resolver)
            retries, explicit = set_to if set_to is not None else (default.default, False)
            references = tuple(sorted(sent, key=lambda c: (c.lineno, c.col_offset)))
            callers = _callers(module, flow, references, wide)
            label, keyword = default.module, default.attribute
            # (reported at its first request: no call of the program builds it)
            first = references[0]
            client = Client(first, label, keyword, retries, explicit, references, (), callers)
            clients.append(replace(client, module_level=True))
    return clients + list(_entry_clients(module, sdk))


def _entry_clients(module: PythonModule, sdk: SdkCatalog) -> Iterator[Client]:
    """A client for each parameter of the module's functions that must be given one
    (`openai_client: openai.OpenAI`), its retries unknown here: whether a layer re-sends
    its requests, and whether any call of the tree gives it, is the call graph's to say."""
    for node in descendants(module.tree):
        if isinstance(node, Function):
            for argument, made in sdk.given_clients(node, module.qualified):
                label, keyword = made.label, made.keyword
                yield Client(argument, label, keyword, None, False, (), given=argument.arg)


def _texts(module: PythonModule, node: ast.expr) -> list[str]:
    """The strings an expression may be, by the module's string values (a literal, a
    constant of the module); none when one is not known."""
    from auditor.python.model.strings import Resolver

    found = Resolver(module, positions=False).texts(node)
    return [] if any(OPAQUE_WORD in text.text for text in found) else [t.text for t in found]


def _on_module(module: PythonModule, call: ast.Call, package: str) -> bool:
    """Whether a request is made on the imported module itself (`openai.chat…` after
    `import openai`, or `import openai as oa`), not on a name of the program that holds
    something else (`openai = OpenAI(…)`, a parameter named `openai`)."""
    root = _chain_root(call.func)
    if not isinstance(root, ast.Name) or module.aliases.get(root.id) != package:
        return False
    scope = module.scope_of(call)
    binds = module.bindings.get((scope, root.id), []) + module.bindings.get(
        (module.tree, root.id), []
    )
    parameters = scope.args if isinstance(scope, Function) else None
    named = parameters is not None and root.id in (
        a.arg for a in (*parameters.posonlyargs, *parameters.args, *parameters.kwonlyargs)
    )
    return not binds and not named


def _kept_module(module: PythonModule, call: ast.Call, package: str) -> str | None:
    """A request on the imported module kept on the instance (`self._client = openai`,
    then `self._client.responses.parse(…)`), named as one on the module
    (`openai.responses.parse`); None for any other call."""
    parts: list[str] = []
    node = call.func
    while isinstance(node, ast.Attribute) and not on_self(node):
        parts.append(node.attr)
        node = node.value
    if not (isinstance(node, ast.Attribute) and on_self(node)) or not parts:
        return None
    values = attribute_values(module, class_attributes(module.tree), node)
    if values and all(
        isinstance(v, ast.Name) and module.aliases.get(v.id) == package for v in values
    ):
        return ".".join((package, *reversed(parts)))
    return None


def _module_setting(
    module: PythonModule, default: ModuleClient, resolver: _Resolver
) -> tuple[int | None, bool] | None:
    """What the program sets a package's default client's retries to (`openai.max_retries =
    0`, the last such assignment in the module, also in a function such as `main`), and
    that it sets them; None if it does not."""
    found: tuple[int | None, bool] | None = None
    for node in statements(module.tree):
        if not isinstance(node, ast.Assign):
            continue
        for target in node.targets:
            if (
                isinstance(target, ast.Attribute)
                and target.attr == default.attribute
                and isinstance(target.value, ast.Name)
                and module.aliases.get(target.value.id, target.value.id) == default.module
            ):
                found = (resolver.value(node.value), True)
    if found is None:  # set by another module of the tree: it holds for the whole process
        dotted = f"{default.module}.{default.attribute}"
        values = {s.constants[dotted] for s in resolver.python.values() if dotted in s.constants}
        found = (values.pop(), True) if len(values) == 1 else ((None, True) if values else None)
    return found


def _given_classes(module: PythonModule, name: ast.Name) -> list[str]:
    """The classes the calls of a function give the parameter `name` calls (a factory
    given the client's class: `make_client(client_class=AsyncAnthropic)`), by their
    qualified names, as the call graph binds them at each call of the tree."""
    function = module.scope_of(name)
    if not isinstance(function, Function) or module.project is None:
        return []
    every = (*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs)
    if name.id not in (a.arg for a in every) or module.bindings.get((function, name.id)):
        return []
    qualname = module.scope_name(function)
    return module.project.parameter_names(qualname, name.id) if qualname is not None else []


class ThroughCalls(NamedTuple):
    """The retry layers the project call graph finds over a client's requests."""

    layers: list[tuple[RetriedUse, str, int | None]]  # (the layer as a use, its path, the
    # client's retries on that path)
    requests: frozenset[tuple[str, int, int]]  # where the requests they re-send are sent


def stacked_through_calls(unit: PythonUnit, client: Client) -> ThroughCalls:
    """The retry layers the project call graph finds over this client's requests."""
    if not unit.project.python:
        return ThroughCalls([], frozenset())
    from auditor.python.model.call_graph import call_graph

    site = f"{client.call.lineno}:{client.call.col_offset}"
    found: dict[tuple[RetriedUse, str, int | None], None] = {}
    requests: set[tuple[str, int, int]] = set()
    for stacked in call_graph(unit.project).stacked(unit.own_summary()[0] or "", site):
        layer = stacked.layer
        use = RetriedUse(
            "", "", layer.line, layer.column, layer.label, layer.attempts, layer.errors, False
        )
        found[(use, layer.path, stacked.retries)] = None
        requests.add(stacked.request)
    return ThroughCalls(list(found), frozenset(requests))


def retried_elsewhere(unit: PythonUnit, client: Client) -> Iterator[tuple[RetriedUse, str]]:
    """Uses, in other modules of the tree, of the names this client is exported by, under a
    retry decorator or a hand-written retry loop."""
    if not client.exported:
        return
    own = unit.own_summary()[0] or ""
    modules = module_names(unit.project.python)
    for summary in unit.project.python.values():
        for use in summary.retried_imports:
            same = use.module == own or own in modules.named(use.module, summary.path)
            if same and use.name in client.exported and summary.path != unit.source.path:
                yield use, summary.path
