"""RA401 sdk-retries-stacked."""

from __future__ import annotations

import ast
import functools
from collections import Counter
from collections.abc import Container, Iterator
from typing import TYPE_CHECKING, NamedTuple

from auditor.finding import (
    Applicability,
    Edit,
    Finding,
    Fix,
    Position,
    RelatedLocation,
    Severity,
    Span,
)
from auditor.kinds import FileKind, Host
from auditor.project import RetriedUse
from auditor.rule import Example, Rule

if TYPE_CHECKING:
    from auditor.python.model.module import PythonModule
    from auditor.python.runner.error_tests import RetriedErrors
    from auditor.python.runner.retries import RetryConstruct
    from auditor.python.runner.retry_types import Retry
    from auditor.python.runner.sdk import Client
    from auditor.python.runner.sdk_catalog import Overlap, SdkCatalog
    from auditor.python.unit import PythonUnit

OPENAI_BAD = """\
import tenacity
from openai import OpenAI

client = OpenAI()


@tenacity.retry(stop=tenacity.stop_after_attempt(6))
def ask(prompt):
    return client.chat.completions.create(model="m", messages=[prompt])
"""

OPENAI_GOOD = """\
import tenacity
from openai import OpenAI

client = OpenAI(max_retries=0)


@tenacity.retry(stop=tenacity.stop_after_attempt(6))
def ask(prompt):
    return client.chat.completions.create(model="m", messages=[prompt])
"""

NARROW_BAD = """\
import anthropic
import tenacity

client = anthropic.Anthropic(max_retries=3)


@tenacity.retry(
    retry=tenacity.retry_if_exception_type(anthropic.InternalServerError),
    stop=tenacity.stop_after_attempt(4),
)
def ask(prompt):
    return client.messages.create(model="m", max_tokens=10, messages=[prompt])
"""

DISJOINT_GOOD = """\
import json

import tenacity
from openai import OpenAI

client = OpenAI()


@tenacity.retry(
    retry=tenacity.retry_if_exception_type(json.JSONDecodeError),
    stop=tenacity.stop_after_attempt(3),
)
def ask_json(prompt):
    reply = client.chat.completions.create(model="m", messages=[prompt])
    return json.loads(reply.choices[0].message.content)
"""


class SdkRetriesStacked(Rule["PythonUnit"]):
    """An LLM SDK client retries on its own under the application's retry layer.

    ## What it does
    Finds clients of the OpenAI, Anthropic and Groq SDKs (their classes and
    the `Client`/`AsyncClient` aliases each exports, also imported from a module
    inside the package, and constructors added in config), LangChain's chat
    models that build them (`ChatOpenAI`, `AzureChatOpenAI`, `ChatAnthropic`, `ChatGroq`,
    with the SDK's default of 2 retries; Google's `ChatGoogleGenerativeAI` and
    `ChatVertexAI`, with 6), the classic agents that send through the model they are
    given (`create_tool_calling_agent`, run by `AgentExecutor`), LiteLLM's request functions
    (`litellm.completion(…)`, `acompletion`, `embedding`, …: each call sends its request
    through the openai client it builds with the call's `max_retries`, or `num_retries`,
    2 when neither is given; a literal model litellm serves through its own HTTP
    handler, `anthropic/…`, `gemini/…`, `ollama/…`, is not such a request), and the client the
    `openai` package builds for requests made on the module itself
    (`openai.chat.completions.create(…)`: its retries are `openai.max_retries`,
    and the finding goes to its first request), whose own retries are
    on (the keyword is absent, so the SDK default of 2 applies, or resolves to a
    non-zero value), and whose
    requests run under a retry construct of the application: a tenacity,
    backoff, retrying, stamina or retry decorator or loop (also under the project's
    own name, `llm_retry = tenacity.retry(…)`), a retry decorator written in
    the audited tree, or a hand-written retry loop (a `while`, or a `for` that
    repeats one attempt: over `range(n)`, `itertools.repeat(x, n)`,
    `islice(cycle(providers), n)`, `[x] * n`); also a loop that goes round
    on a failed *result* (`answer = ask(p)`, then `if answer.ok: break`), over
    the requests whose failures the code it calls turns into such a value
    (`except Exception: return Answer(ok=False)`). A client is followed
    wherever it goes: a module global or `self.` attribute, a chain it is
    composed into (LangChain's `prompt | model | parser`), a dict of
    clients per provider (`clients[provider] = OpenAI(…)`, a dict literal or
    comprehension)
    read back through a factory (`get_client(provider)`), a helper that
    builds and returns it (also a method a subclass overrides), a lazy
    getter method or a `@property` that returns it (`self.client`), an
    argument handed to a function that retries by hand, a helper that sends
    the request called under the retry layer, a request handed to a retrying
    helper as a value or a lambda (`call_with_backoff(lambda:
    client.chat.completions.create(…))`), and the module that imports
    any of those. A construction with retries on is where the finding (and
    the fix) goes; constructions one function makes that serve the same
    requests in the same way (one client per provider in a dict, Azure's or
    OpenAI's class by a branch) are one defect, reported once at the first,
    with the others as related locations; those different functions build
    (each provider class's `__init__`, two factories) are each their own.
    Stacked means both
    layers retry the same failures: the SDKs retry connection errors,
    timeouts and responses 408, 409, 429 and 5xx. A layer that retries only
    some of those (`except anthropic.InternalServerError`, `if "overloaded"
    not in str(e): raise`, `e.status_code == 503`) is reported with the
    failures both retry and no fix; one that retries none of them
    (`except ValueError`), or whose retried call sits in a `try` that catches
    every exception and returns, is not reported, nor is a chat loop that asks
    its user for the next message each turn (`input()`, `Prompt.ask`, also in
    a function of the module): after a failure it sends new work; nor is a retry decorator on
    a generator function (`yield` in its body, also `async`), which retries
    the call that makes the generator, never a request that fails while it is
    iterated. A retry decorator factory whose `except` names one of its
    parameters retries the classes each application gives it
    (`@retry_with_backoff((Transient, RateLimited))`), and so does a retry
    helper whose `except` names one (`call_with_retries(lambda:
    client.chat.completions.create(…), _TRANSIENT)`), and a provider that
    raises classes of its own for the SDK's, clause by clause (`except
    anthropic.RateLimitError as e: raise RateLimited(…) from e`), is retried
    for the SDK's classes whose stand-ins the layer retries. A name that a retried
    function binds for itself (a parameter, `async with httpx.AsyncClient() as
    client`) is not the module's client. A retry by recursion calls the same
    function again (`self.ask(…)` in its `except`); the same method on another
    object (`self._fallback.complete(…)`) is a failover, not a retry; an
    `except` that makes again a call of its `try`, as written, for the same
    name or to return it (`reply = client.chat.completions.create(**kw)` in
    both), is a second attempt of that call. A parameter of a function no call
    of the tree runs holds what its module's factory named for it makes
    (`client` from `create_client`). One such function's parameter that must be
    given a client (`client: openai.OpenAI`, without a default: a library's
    entry point, also reached through a subclass's `super().__init__(*args,
    **kwargs)`) holds the caller's client, whose retries the tree cannot know:
    under a retry layer it is reported as info at the parameter (send through
    one built or derived with `max_retries=0`). A layer that retries only
    another SDK's classes
    (`openai.RateLimitError` over an `Anthropic` client's requests) stacks
    nothing on that client; LangChain's chat models raise their SDK's classes
    (a `ChatOpenAI`, `openai.RateLimitError`), and LiteLLM's subclass openai's.
    A request that turns its client's retries off for itself (the per-request
    option, `client.responses.connect(…, max_retries=0)`) is sent once. A layer
    whose predicate, or whose constant of
    classes (`ERRORS` imported from outside the tree), runaudit cannot read is
    reported as info. With `[tool.runaudit.sdk] retries =
    "forbid"`, every client with retries on is flagged, retry layer or not.

    ## Why is this bad?
    Each outer attempt fans out into several physical sends: a decorator
    with 5 attempts around a client with `max_retries=5` sends up to 30
    requests, behind the application's back. Its send allowance, its backoff
    and its rate-limit handling no longer bound what reaches the provider.

    ## Example
    ```python
    client = OpenAI()  # 2 SDK retries: 3 sends per request

    @tenacity.retry(stop=stop_after_attempt(6))
    def ask(prompt):
        return client.chat.completions.create(...)
    ```

    ## Use instead
    ```python
    client = OpenAI(max_retries=0)  # the decorator owns recovery
    ```

    ## Fix safety
    Setting `max_retries=0` changes runtime behaviour (fewer sends per outer
    attempt), so the fix is unsafe. It is offered only when the application's
    layer retries every failure the SDK retries: under a narrower layer it
    would end the SDK's only retry of the others (connection errors, say).

    ## References
    - OpenAI Python SDK: "Retries" (`max_retries`, default 2)
    - Anthropic Python SDK: "Retries" (`max_retries`, default 2)
    """

    code = "RA401"
    name = "sdk-retries-stacked"
    severity = Severity.WARNING
    severities = (Severity.WARNING, Severity.INFO)
    tags = ("reliability", "retries", "sdk")
    hosts = frozenset({Host.PYTHON})
    # A construction in this file: a constructor of the catalogue (`OpenAI(`,
    # `AsyncAnthropic(`, `groq.Client(`, those a config adds).
    prefilter_sdk = True
    fixable = True

    BAD = (
        Example(OPENAI_BAD, (("RA401", 4),), FileKind.PYTHON, "example.py"),
        Example(NARROW_BAD, (("RA401", 4),), FileKind.PYTHON, "example.py"),
    )
    GOOD = (
        Example(OPENAI_GOOD, (), FileKind.PYTHON, "example.py"),
        Example(DISJOINT_GOOD, (), FileKind.PYTHON, "example.py"),
        Example(
            "from openai import OpenAI\nclient = OpenAI()\n"
            "def ask():\n    return client.chat.completions.create(model='m')\n",
            (),
            FileKind.PYTHON,
            "example.py",
        ),
    )

    def check(self, unit: PythonUnit) -> Iterator[Finding]:
        """Yield a finding at each client construction whose requests are retried twice;
        clients that serve the same requests the same way, whatever their class
        (`clients[provider] = OpenAI(…)` for every provider, Azure's client in one branch
        and OpenAI's in the other), or that one statement builds (`OpenAI(**kw) if kw
        else OpenAI()`), are one defect, reported once: at the first, or the most severe."""
        found = list(self._per_client(unit))
        statements = [_statement(unit, client.call) for client, _, _, _ in found]
        shared = Counter((c.label, id(s)) for (c, *_), s in zip(found, statements, strict=True))
        groups: dict[tuple[object, ...], list[tuple[Client, Finding]]] = {}
        # a client the retry loop builds again on each attempt (`self.client = OpenAI(…)`
        # in its body) is the one its requests use there: the group's first
        rebuilt = {
            id(finding)
            for _, finding, _, layer in found
            if layer is not None and layer.start <= finding.span.start <= layer.end
        }

        replaced = {_served(c, f, requests) for c, f, requests, _ in found if id(f) in rebuilt}
        for (client, finding, requests, _), statement in zip(found, statements, strict=True):
            key: tuple[object, ...] = (client.label, id(statement))
            if shared[(client.label, id(statement))] < 2:
                # the same requests, retried the same way, whatever class each client is
                # (`AsyncAzureOpenAI(…)` in one branch, `AsyncOpenAI()` in the other),
                # built by one function, or replaced by the one the loop builds
                serves = _served(client, finding, requests)
                key = (*serves, 0 if serves in replaced else _maker(unit, statement))
            groups.setdefault(key, []).append((client, finding))
        for members in groups.values():
            members.sort(
                key=lambda m: (-m[1].severity.rank, id(m[1]) not in rebuilt, m[1].span.start)
            )
            (first_client, first), others = members[0], members[1:]
            if not others:
                yield first
                continue
            same = all(client.label == first_client.label for client, _ in others)
            count = f"{len(others)} more " + (f"`{first_client.label}` " if same else "")
            count += "clients" if len(others) > 1 else "client"
            related = first.related + tuple(
                RelatedLocation(
                    finding.path, finding.span, "another client that serves the same requests"
                )
                for _, finding in others
            )
            message = f"{first.message} (and {count} built for the same requests)"
            fixes = [finding.fix for _, finding in members]
            fix = None  # one defect, one fix: every client gets `max_retries=0`, or none does
            if all(f is not None and f.edits for f in fixes) and first.fix is not None:
                edits = tuple(e for f in fixes if f is not None for e in f.edits)
                fix = first.fix._replace(edits=tuple(sorted(set(edits))))
            yield first._replace(message=message, related=related, fix=fix)

    def _per_client(
        self, unit: PythonUnit
    ) -> Iterator[tuple[Client, Finding, object, Span | None]]:
        """Each client's finding, with what tells the requests it serves (its references
        here, else the places the call graph finds them sent) and, for a retry layer of
        this module, where that layer is."""
        module = unit.module
        if module is None:
            return
        from auditor.python.runner.retries import retry_constructs
        from auditor.python.runner.retry_types import CallFailure
        from auditor.python.runner.sdk import find_clients, retried_elsewhere, stacked_through_calls
        from auditor.python.runner.sdk_catalog import load_sdk

        sdk = unit.sdk or load_sdk()
        constructs = retry_constructs(unit)
        defined = _TreeClasses(unit)
        blanket = unit.steps.blanket_exceptions if unit.steps is not None else None
        for client in find_clients(module, sdk, unit.project.python, blanket):
            if client.retries == 0:
                continue
            # a loop over alternatives (`for model in FALLBACKS:`) sends each turn's request
            # with another model or provider: not the same request again
            layers = [
                _local_layer(unit, construct, retry)
                for reference in (*client.references, *client.callers, *client.through)
                for construct in constructs
                if not construct.alternatives
                and not construct.steps_only
                and (retry := construct.retries(reference, CallFailure())) is not None
            ]
            layers = [layer for layer in layers if not _foreign(layer.errors, client, module, sdk)]
            if not layers:
                layers = [_Layer.elsewhere(*found) for found in retried_elsewhere(unit, client)]
            # a layer found so far (in this module, or importing the client) re-sends what
            # the SDK retries; else the call graph may find one further up the calls
            ranked = [(layer, sdk.sdk_retries.overlap(layer.errors, defined)) for layer in layers]
            local = any(o.stacked or o.unread for _, o in ranked)
            requests: object = frozenset(map(id, client.references))
            if not local or client.retries is None:
                through, sent = stacked_through_calls(unit, client)
                requests = requests or sent
                bound = {retries for _, _, retries in through}
                if through and bound == {0}:
                    continue  # every path that retries it builds it with `max_retries=0`
                known = {r for r in bound if r}
                if client.retries is None and len(known) == 1 and None not in bound:
                    client = client.with_retries(known.pop())
                if not local:  # a layer further up the calls (a base class's loop)
                    kept = [(use, path, r) for use, path, r in through if r != 0]
                    further = [
                        _Layer.elsewhere(use, path, unit.source.path) for use, path, _ in kept
                    ]
                    here = unit.source.path  # a layer of another module: its own imports
                    further = [
                        f
                        for f, (_, path, _) in zip(further, kept, strict=True)
                        if path != here or not _foreign(f.errors, client, module, sdk)
                    ]
                    ranked += [
                        (layer, sdk.sdk_retries.overlap(layer.errors, defined)) for layer in further
                    ]
            ranked.sort(key=lambda pair: (pair[1].covers, bool(pair[1].shared)), reverse=True)
            start, end = module.span(client.call)
            if ranked and (ranked[0][1].stacked or ranked[0][1].unread):
                stacked = self._stacked(unit, client, *ranked[0], sdk.sdk_retries.kinds, start, end)
                layer = ranked[0][0].related
                yield (
                    client,
                    stacked,
                    requests,
                    layer.span if layer.path == unit.source.path else None,
                )
            elif sdk.forbid and not client.given:  # (the caller's: not built here)
                yield (
                    client,
                    self.finding(
                        unit,
                        start,
                        end,
                        f"`{client.label}` retries on its own ({_sdk_part(client)}), and this "
                        'project owns recovery (`retries = "forbid"`)',
                        hint=_disable(client),
                        fix=_fix(module, client),
                    ),
                    requests,
                    None,
                )

    def _stacked(
        self,
        unit: PythonUnit,
        client: Client,
        layer: _Layer,
        overlap: Overlap,
        kinds: tuple[str, ...],
        start: int,
        end: int,
    ) -> Finding:
        """The finding for a client whose requests a layer retries too."""
        from auditor.python.runner.error_tests import describe

        keyword, sends = client.keyword, client.sends
        related = (layer.related,)
        if client.retries is None:
            disabled = (
                f"the caller's `{client.given}` (`{client.label}`) has its retries disabled"
                if client.given
                else f"`{client.label}`'s retries are disabled"
            )
            return self.finding(
                unit,
                start,
                end,
                f"cannot prove {disabled}, and {layer.sends_under}",
                severity=Severity.INFO,
                hint=_disable(client) if client.given else f"{_disable(client)} explicitly",
                related=related,
            )
        total = layer.attempts * sends if layer.attempts is not None and sends else None
        if overlap.covers:
            assert unit.module is not None
            product = f" = up to {total} sends" if total else ""
            return self.finding(
                unit,
                start,
                end,
                f"{layer.described} × {sends} SDK attempts ({_sdk_part(client)}){product}: "  # noqa: RUF001
                f"`{client.label}` retries under the application's own retries",
                hint=f"{_disable(client)}: the retry layer owns recovery",
                fix=_fix(unit.module, client),
                related=related,
            )
        if not overlap.shared:
            times = f" up to {total} times" if total else " more than once per attempt"
            return self.finding(
                unit,
                start,
                end,
                f"cannot tell which failures {layer.described} retries "
                f"({describe(overlap.unread)}); `{client.label}` ({_sdk_part(client)}) retries "
                f"{_kinds(kinds)} itself: one the layer retries too is sent{times}",
                severity=Severity.INFO,
                hint=f"if the layer retries those failures, {_disable(client)}; "
                "otherwise leave them to the SDK",
                related=related,
            )
        sent = f"up to {total} sends" if total is not None else f"{sends} sends per outer attempt"
        dropped = f" (`{keyword}=0` would end its retries of {_kinds(overlap.missing)})"
        return self.finding(
            unit,
            start,
            end,
            f"{layer.described} and `{client.label}` ({_sdk_part(client)}) both retry "
            f"{describe(overlap.shared)}: {sent} of a request that keeps failing that way",
            hint=f"retry each failure in one layer: narrow {layer.label} to what the SDK does "
            f"not retry, or lower `{keyword}`" + (dropped if overlap.missing else ""),
            related=related,
        )


class _Layer(NamedTuple):
    """An application retry layer over a client's requests, as messages name it."""

    label: str  # "retry decorator `retry_on_overloaded`"
    described: str  # with its attempt limit, and where it is when in another module
    attempts: int | None
    errors: RetriedErrors
    related: RelatedLocation
    sends_under: str  # "its requests run under …", for the unresolved-retries message

    @classmethod
    def elsewhere(cls, use: RetriedUse, path: str, here: str = "") -> _Layer:
        """A retry decorator or loop of another module (or, through the call graph, of
        this one: `here`) that sends this module's client's requests."""
        from auditor.python.runner.error_tests import ErrorTest, RetriedErrors

        attempts = f" ({use.attempts} attempts)" if use.attempts else ""
        attempts = " (no attempt limit)" if use.unlimited else attempts
        span = Span(Position(use.line, use.column), Position(use.line, use.column + 1))
        errors = RetriedErrors(tuple(ErrorTest(kind, value) for kind, value in use.errors))
        where = "" if path == here else f" in `{path}`"
        return cls(
            use.label,
            f"{use.label}{attempts}{where}",
            use.attempts,
            errors,
            RelatedLocation(path, span, f"{use.label} re-sends the request"),
            f"its requests run under {use.label}{attempts}{where}",
        )


class _TreeClasses(Container[str]):
    """The names of the classes the audited tree defines (its index's modules, and this
    one): read, so never a constant of unknown classes. Listed when first asked, as only
    a layer naming a constant-like class asks."""

    def __init__(self, unit: PythonUnit) -> None:
        self.unit = unit

    def __contains__(self, name: object) -> bool:
        return name in self._names

    @functools.cached_property
    def _names(self) -> frozenset[str]:
        from auditor.python.model.ast_values import walk

        module = self.unit.module
        own = (n.name for n in walk(module.tree) if isinstance(n, ast.ClassDef)) if module else ()
        indexed = (name for s in self.unit.project.python.values() for name in s.class_bases)
        return frozenset(name.rsplit(".", 1)[-1] for name in (*own, *indexed))


def _foreign(errors: RetriedErrors, client: Client, module: PythonModule, sdk: SdkCatalog) -> bool:
    """Whether a layer retries only another SDK's classes (`openai.RateLimitError` over an
    `Anthropic` client's requests): it retries none of this client's failures. A class is
    known by the packages this module names it through, so a name the module takes from
    two SDKs (`openai.RateLimitError` and `anthropic.RateLimitError`) is either's; a client
    raises its own package's and those its constructor raises besides (a `ChatOpenAI`,
    `openai`'s)."""
    from auditor.python.runner.error_tests import module_facts

    packages = {qualified.split(".", 1)[0] for qualified in sdk.constructors}
    origins = module_facts(module.tree).origins
    label = client.label.rsplit(".", 1)[-1]
    own = sdk.raising(label, origins.get(label, frozenset()) & packages)
    classes = [test.value for test in errors.tests if test.kind == "class"]
    if not own or not classes or len(classes) < len(errors.tests):
        return False
    named = [origins.get(name, frozenset()) & packages for name in classes]
    return all(found and not found & own for found in named)


def _local_layer(unit: PythonUnit, construct: RetryConstruct, retry: Retry) -> _Layer:
    assert unit.module is not None
    span = unit.host_span(*construct.span)
    described = construct.describe()
    related = RelatedLocation(unit.source.path, span, f"{described} re-sends the request")
    return _Layer(
        construct.label,
        described,
        construct.attempts,
        retry.errors,
        related,
        f"its requests run under {described}",
    )


def _disable(client: Client) -> str:
    """How the client's retries are turned off: a keyword of its construction, or the
    module's attribute for a package's own client (`openai.max_retries = 0`)."""
    if client.module_level:
        return f"set `{client.label}.{client.keyword} = 0`"
    if client.given:
        derived = f"`{client.given}.with_options(…)` on an SDK's own client"
        return f"send through one built or derived with `{client.keyword}=0` ({derived})"
    return f"pass `{client.keyword}=0`"


def _sdk_part(client: Client) -> str:
    setting = f"{client.label}.{client.keyword} = " if client.module_level else f"{client.keyword}="
    return f"`{setting}{client.retries}`" + ("" if client.explicit else ", the default")


def _kinds(kinds: tuple[str, ...]) -> str:
    """ "connection errors, timeouts and 408 and 409 responses"."""
    from auditor.python.runner.error_tests import listed

    statuses = [kind for kind in kinds if kind[:1].isdigit()]
    others = [kind for kind in kinds if not kind[:1].isdigit()]
    if statuses:
        others.append(f"{listed(statuses)} responses")
    return listed(others)


def _fix(module: PythonModule, client: Client) -> Fix | None:
    """`keyword=0` replacing a literal value, or added after the last argument (also after
    a `**` mapping known not to set it)."""
    from auditor.python.model.edits import keyword_edit

    call, keyword = client.call, client.keyword
    if not isinstance(call, ast.Call):
        return None  # the caller's client (`given`): built by code outside the tree
    if client.module_level:
        return None  # set on the module (`openai.max_retries = 0`), where the program says
    for argument in call.keywords:
        if argument.arg == keyword:
            v_start, v_end = module.span(argument.value)
            edit = Edit(v_start, v_end, "0")
            return Fix((edit,), Applicability.UNSAFE, f"set `{keyword}=0`")
        if argument.arg is None and client.explicit:  # `**mapping`
            return None
    added = keyword_edit(module, call, f"{keyword}=0")
    return Fix((added,), Applicability.UNSAFE, f"add `{keyword}=0`") if added else None


def _served(client: Client, finding: Finding, requests: object) -> tuple[object, ...]:
    """What tells a client's requests apart: its retries, the requests it sends, and how
    they are retried (the finding's message but the client's name)."""
    return (client.retries, requests, finding.message.replace(f"`{client.label}`", ""))


def _maker(unit: PythonUnit, statement: ast.AST | None) -> int:
    """The id of the function (or module) whose code builds a client: constructions of
    different functions (each provider's `__init__`, two factories, an `__init__` and a
    `reset()`) are each a defect of their own, each with its fix."""
    assert unit.module is not None
    return id(unit.module.scope_of(statement)) if statement is not None else 0


def _statement(unit: PythonUnit, call: ast.AST) -> ast.AST | None:
    """The statement (or lambda) whose expression builds a client."""
    assert unit.module is not None
    node: ast.AST | None = call
    while node is not None and not isinstance(node, ast.stmt | ast.Lambda):
        node = unit.module.parent(node)
    return node
