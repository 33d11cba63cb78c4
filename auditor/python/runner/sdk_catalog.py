"""LLM SDK client constructors, read once from `rules/data/sdk.toml` and config.

Kept apart from the analysis so the engine can load it without the Python model.
"""

from __future__ import annotations

import ast
import functools
from collections import Counter
from collections.abc import Callable, Container, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from rules import builtin_data

if TYPE_CHECKING:  # (a run on plain modules reads the constructors' names only)
    from auditor.python.runner.error_tests import ErrorTest, RetriedErrors


class SdkConstructor(NamedTuple):
    """A client class and the keyword that sets its retries; or a request function that
    builds its client for the one request it sends (`litellm.completion(…)`)."""

    qualified: str  # "openai.OpenAI", "litellm.completion"
    keyword: str
    default: int
    sends: bool = False  # a request function: its call is the request too
    aliases: tuple[str, ...] = ()  # other keywords that set the retries (`num_retries`)
    # the starts of literal model names it sends without the client (`anthropic/`)
    unretried: tuple[str, ...] = ()
    # packages whose exception classes its requests raise besides its own (LangChain's
    # chat models raise the SDK's: `openai.RateLimitError` from a `ChatOpenAI`)
    raises: tuple[str, ...] = ()
    # literal values of the keyword that also turn its retries off (a count of attempts:
    # langchain-google-genai's `max_retries=1` is one try)
    off: tuple[int, ...] = ()
    # a LangChain chat model: calling the client itself sends a request (`llm(messages)`)
    called: bool = False

    @property
    def label(self) -> str:
        """How messages name it: a class by its name (`OpenAI`), a request function by
        its module's (`litellm.completion`)."""
        return self.qualified if self.sends else self.qualified.rsplit(".", 1)[-1]

    @property
    def setting(self) -> tuple[str, ...]:
        """The keywords that set the retries, the one that wins first (litellm's
        `num_retries` over `max_retries`)."""
        return (*self.aliases, self.keyword)

    def unretried_model(
        self, call: ast.Call, texts: Callable[[ast.expr], list[str]] | None = None
    ) -> bool:
        """Whether a request function's call names a model it sends without its client
        (`litellm.completion(model="anthropic/claude-…")`), as a literal or as every text
        `texts` (the module's string values: a constant, `MODEL = "anthropic/…"`) says;
        or a constructor's call turns its retries off with a value of `off`."""
        if self.off and any(
            k.arg in self.setting
            and isinstance(k.value, ast.Constant)
            and type(k.value.value) is int
            and k.value.value in self.off
            for k in call.keywords
        ):
            return True  # its retries turned off by a count of one attempt
        if not self.unretried:
            return False
        given = [k.value for k in call.keywords if k.arg == "model"] or call.args[:1]
        model = given[0] if given else None
        if isinstance(model, ast.Constant) and isinstance(model.value, str):
            return model.value.startswith(self.unretried)
        found = texts(model) if texts is not None and model is not None else []
        return bool(found) and all(text.startswith(self.unretried) for text in found)


class ModuleClient(NamedTuple):
    """A package's default client for requests made on the module itself
    (`openai.chat.completions.create(…)`), with the module attribute that sets its
    retries (`openai.max_retries`)."""

    module: str  # "openai"
    resources: frozenset[str]  # "chat", "embeddings": what a request starts from
    attribute: str
    default: int

    def sends_request(self, qualified: str) -> bool:
        """Whether a call of `qualified` (`openai.chat.completions.create`) is a request
        through the module's client."""
        module, _, rest = qualified.partition(".")
        resource, _, method = rest.partition(".")
        return module == self.module and resource in self.resources and bool(method)


class Overlap(NamedTuple):
    """Which failures both an application's retry layer and the SDK retry."""

    shared: tuple[ErrorTest, ...]  # the layer's tests that the SDK retries too
    covers: bool  # the layer retries every failure the SDK retries
    unread: tuple[ErrorTest, ...]  # the layer's predicates runaudit cannot read
    missing: tuple[str, ...]  # kinds the SDK retries and the layer does not

    @property
    def stacked(self) -> bool:
        """Whether some failure is known to be retried by both."""
        return self.covers or bool(self.shared)


class SdkRetried(NamedTuple):
    """What the SDKs' own retries retry (`[retried]` of `rules/data/sdk.toml`)."""

    kinds: tuple[str, ...]  # "connection errors", "timeouts", "408", …, "5xx"
    statuses: Mapping[str, str]  # a status test's value -> its kind
    exceptions: Mapping[str, tuple[str, ...]]  # class -> the kinds it holds entirely
    markers: tuple[str, ...]  # message words that mean one of those failures

    def overlap(self, errors: RetriedErrors, defined: Container[str] = frozenset()) -> Overlap:
        """What a layer retrying `errors` shares with the SDK (`defined`: the classes the
        audited tree defines, which the analysis has read)."""
        if errors.every:
            return Overlap((), True, (), ())
        shared: list[ErrorTest] = []
        held: set[str] = set()
        tests = [t for t in errors.tests if t.kind != "except"]
        for test in tests:
            found = self._holds(test)
            if found is not None:
                shared.append(test)
                held.update(found)
        if len(tests) < len(errors.tests):  # every failure but the classes a clause lets out
            out = {k for t in errors.tests if t.kind == "except" for k in self._holds(t) or ()}
            kept = [kind for kind in self.kinds if kind not in out and kind not in held]
            shared += [_kind_test(kind) for kind in kept]
            held.update(kept)
        missing = tuple(kind for kind in self.kinds if kind not in held)
        unread = tuple(t for t in errors.tests if t.kind == "predicate" or self._unread(t, defined))
        return Overlap(tuple(shared), not missing, unread, missing)

    def _unread(self, test: ErrorTest, defined: Container[str]) -> bool:
        """Whether a test names a constant the analysis could not read (`except ERRORS`,
        a tuple imported from a package outside the tree): named as a constant, and no
        class the tree defines or the SDKs raise. It may hold the SDK's classes."""
        name = test.value
        constant = name.isupper() and name.replace("_", "").isalnum()
        if test.kind != "class" or not constant or name in self.exceptions:
            return False
        return name not in defined

    def _holds(self, test: ErrorTest) -> tuple[str, ...] | None:
        """The SDK's kinds a test holds entirely, or None if it shares no failure with them."""
        if test.kind in ("class", "except"):
            return self.exceptions.get(test.value)
        if test.kind == "status":
            from auditor.python.runner.error_tests import status_range

            low, high = status_range(test.value)
            ranges = {kind: status_range(value) for value, kind in self.statuses.items()}
            if not any(a <= high and low <= b for a, b in ranges.values()):
                return None
            return tuple(k for k, (a, b) in ranges.items() if low <= a and b <= high)
        if test.kind == "marker":  # `"rate limit" in msg`, or a shorter part (`"rate"`)
            text = test.value.lower()
            shared = any(word in text or (len(text) > 3 and text in word) for word in self.markers)
            return () if shared else None
        return None


def _kind_test(kind: str) -> ErrorTest:
    """The test that names one kind of failure the SDK retries, as messages show it."""
    from auditor.python.runner.error_tests import ErrorTest

    classes = {"connection errors": "APIConnectionError", "timeouts": "APITimeoutError"}
    return ErrorTest("class", classes[kind]) if kind in classes else ErrorTest("status", kind)


class SdkCatalog(NamedTuple):
    """Every client constructor, the methods deriving clients, and the project's policy."""

    constructors: Mapping[str, SdkConstructor]
    derivers: frozenset[str]
    wrappers: frozenset[str]  # functions returning their first argument's client wrapped
    forbid: bool = False  # `retries = "forbid"`: the project owns recovery
    # class name -> (its package, its constructor): `AnthropicBedrock` ->
    # (`anthropic`, …), for a class imported from a module inside its package
    by_class: Mapping[str, tuple[tuple[str, SdkConstructor], ...]] = {}
    module_clients: tuple[ModuleClient, ...] = ()
    pipes: bool = False  # `prompt | model`: a chain that sends the client's requests
    # the keywords that may give a wrapper its client (`create_agent(model=llm)`)
    wrapper_keywords: frozenset[str] = frozenset()

    @property
    def sdk_retries(self) -> SdkRetried:
        """What the SDKs' own retries retry (the built-in data)."""
        return builtin_retried()

    def same_client(self, call: ast.Call, names: Iterable[str]) -> ast.expr | None:
        """The client a call returns as it is given it, with its retries (`names`: what
        the call's function is, qualified): a wrapper's first argument
        (`instructor.from_openai(client)`, `create_agent(model=llm)`; the keyword before a
        first argument that names a model: `OpenAIModel("gpt-4o", openai_client=client)`),
        or the receiver of a deriving method that sets no retries
        (`client.with_options(timeout=30)`); None for any other call."""
        func = call.func
        if isinstance(func, ast.Attribute) and func.attr in self.derivers:
            return None if any(k.arg == "max_retries" for k in call.keywords) else func.value
        if not any(name in self.wrappers for name in names):
            return None
        given = next((k.value for k in call.keywords if k.arg in self.wrapper_keywords), None)
        if call.args and not (given is not None and _names_model(call.args[0])):
            return call.args[0]
        return given

    def constructor(self, qualified: str) -> SdkConstructor | None:
        """The constructor a qualified name calls: as its package exports it
        (`anthropic.AnthropicBedrock`), or from a module inside that package
        (`anthropic.lib.bedrock.AnthropicBedrock`)."""
        found = self.constructors.get(qualified)
        if found is not None:
            return found
        module, _, cls = qualified.rpartition(".")
        return next(
            (c for package, c in self.by_class.get(cls, ()) if module.startswith(f"{package}.")),
            None,
        )

    def given_clients(
        self, function: ast.FunctionDef | ast.AsyncFunctionDef, qualify: Callable[[str], str]
    ) -> Iterator[tuple[ast.arg, SdkConstructor]]:
        """The parameters a function must be given an SDK client in, by their annotation
        (`client: openai.OpenAI`, one of a union; names qualified by `qualify`), with the
        client's class. One with a default is left out (the function builds its own
        without one: that construction is the client to judge), and so are a property
        setter's (its callers are assignments)."""
        from auditor.python.model.ast_values import annotation_names, dotted_name

        if any((dotted_name(d) or "").endswith(".setter") for d in function.decorator_list):
            return
        arguments = function.args
        defaulted = len(arguments.posonlyargs) + len(arguments.args) - len(arguments.defaults)
        positional = [*arguments.posonlyargs, *arguments.args][:defaulted]
        defaults = zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True)
        keyword = (argument for argument, default in defaults if default is None)
        for argument in (*positional, *keyword):
            for dotted in annotation_names(argument.annotation):
                found = self.constructor(qualify(dotted))
                if found is not None and not found.sends:  # (a request function is no class)
                    yield argument, found
                    break

    def raising(self, label: str, packages: Iterable[str]) -> frozenset[str]:
        """The packages whose exception classes requests of a client named `label` (its
        class, or a request function's qualified name) raise, when it comes from one of
        `packages` (top-level names): those, and what its constructor raises besides."""
        own = frozenset(packages)
        cls = label.rsplit(".", 1)[-1]
        found = set(own)
        for module, constructor in self.by_class.get(cls, ()):
            if module.split(".", 1)[0] in own:
                found |= {package.split(".", 1)[0] for package in constructor.raises}
        return frozenset(found)

    def any_constructor(self) -> SdkConstructor | None:
        """What a class not known yet (a factory's parameter) is built with: the keyword
        and default the catalogue's constructors share most, or None without any."""
        classes = (c for c in self.constructors.values() if not c.sends)
        shared = Counter((c.keyword, c.default) for c in classes)
        if not shared:
            return None
        (keyword, default), _ = shared.most_common(1)[0]
        return SdkConstructor("", keyword, default)

    def keywords(self) -> frozenset[str]:
        """The keywords that set a client's retries."""
        return frozenset(k for c in self.constructors.values() for k in (c.keyword, *c.aliases))

    @property
    def names(self) -> tuple[str, ...]:
        """Class names, for prefilters (a request function's module is one of
        `module_requests`)."""
        classes = (q for q, c in self.constructors.items() if not c.sends)
        return tuple(sorted({q.rsplit(".", 1)[-1] for q in classes}))

    @property
    def module_requests(self) -> tuple[str, ...]:
        """How a request on a module's own client starts (`openai.chat.`), a request
        function's module is named (`litellm`), or the module is
        imported under another name (`import openai as oa`) or kept as a value (`self._client
        = openai`), for prefilters."""
        starts = {f"{c.module}.{r}." for c in self.module_clients for r in c.resources}
        starts |= {f"import {c.module} as " for c in self.module_clients}
        # (and the module kept as a value: `self._client = openai`)
        starts |= {f"= {c.module}\n" for c in self.module_clients}
        # (a request function's module, however its functions are imported: `litellm`)
        starts |= {q.split(".", 1)[0] for q, c in self.constructors.items() if c.sends}
        return tuple(sorted(starts))


def sent_without_retries(call: ast.Call) -> bool:
    """Whether a request turns its client's retries off for itself, by the per-request
    option (`client.responses.connect(…, max_retries=0)`): it is sent once."""
    return any(
        keyword.arg == "max_retries"
        and isinstance(keyword.value, ast.Constant)
        and keyword.value.value == 0
        for keyword in call.keywords
    )


def load_sdk(config: Mapping[str, Any] | None = None) -> SdkCatalog:
    """The built-in constructors with `[tool.runaudit.sdk]` applied."""
    data = builtin_data("sdk")
    tables = dict(data["constructors"])
    tables.update((config or {}).get("constructors", {}))
    constructors = {
        f"{table['module']}.{name}": SdkConstructor(
            f"{table['module']}.{name}",
            table.get("keyword", "max_retries"),
            table.get("default", 2),
            sends=kind == "functions",
            aliases=tuple(table.get("aliases", ())),
            unretried=tuple(table.get("unretried", ())),
            raises=tuple(table.get("raises", ())),
            off=tuple(table.get("off", ())),
            called=table.get("called", False),
        )
        for table in tables.values()
        for kind in ("classes", "functions")
        for name in table.get(kind, ())
    }
    forbid = (config or {}).get("retries") == "forbid"
    by_class: dict[str, tuple[tuple[str, SdkConstructor], ...]] = {}
    for name, constructor in constructors.items():
        package, _, cls = name.rpartition(".")
        by_class[cls] = (*by_class.get(cls, ()), (package, constructor))
    derivers = frozenset(data["derivers"]["methods"])
    wrappers = frozenset(data["wrappers"]["functions"])
    wrapper_keywords = frozenset(data["wrappers"].get("keywords", ()))
    module_clients = tuple(
        ModuleClient(name, frozenset(table["resources"]), table["attribute"], table["default"])
        for name, table in data.get("module_clients", {}).items()
    )
    pipes = bool(data.get("composition", {}).get("pipes", False))
    return SdkCatalog(
        constructors, derivers, wrappers, forbid, by_class, module_clients, pipes, wrapper_keywords
    )


@functools.cache
def default_sdk() -> SdkCatalog:
    """The built-in constructors (for the project index, read once)."""
    return load_sdk()


@functools.cache
def builtin_retried() -> SdkRetried:
    """What the SDKs' own retries retry, from the built-in data."""
    table = builtin_data("sdk")["retried"]
    exceptions = {name: tuple(kinds) for name, kinds in table["exceptions"].items()}
    markers = tuple(table["markers"]["words"])
    return SdkRetried(tuple(table["kinds"]), dict(table["statuses"]), exceptions, markers)


def _names_model(argument: ast.expr) -> bool:
    """Whether a wrapper's first argument is a model's name, a string literal (`"gpt-4o"`),
    not the client it wraps."""
    return isinstance(argument, ast.Constant) and isinstance(argument.value, str)
