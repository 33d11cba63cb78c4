"""The project index of a run: one cheap pass over the tree, each file under its own settings.

Python modules worth it (they may launch a process, retry, or hold a retry
constant) are summarised (cached per file and settings); shell scripts that
run an agent are listed.
"""

from __future__ import annotations

import functools
import operator
import re
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from auditor.config import Settings
from auditor.configs import FileSettings, settings_digest
from auditor.discover import Candidate, RefusedFile, read_bounded
from auditor.kinds import FileKind
from auditor.profiles import AgentCatalog, load_catalog
from auditor.project import (
    Callback,
    CallFacts,
    CallSite,
    ProjectIndex,
    PythonSummary,
    Sourcers,
    merge,
    module_name,
    module_names,
)
from auditor.timebound import FileTimeout, time_bound
from auditor.workers import map_in_workers
from rules import builtin_data

if TYPE_CHECKING:
    from auditor.cache import ResultCache
    from auditor.python.runner.steps import StepCatalog

# Python files worth summarising for the project index: they may launch a
# process, define a retry construct (a hand-written loop names its `attempt`s),
# or hold a retry constant.
# (lower case, looked for in the lower-cased text: substring tests beat one regex)
_TEST_MODULE = re.compile(r"test_.*\.py|.*_test\.py")  # pytest's default file names
_PASSES = 3  # index passes after the first, each for what the last one took
_INDEX_MARKERS = (
    "subprocess",
    "open_process",  # anyio's `open_process`, `run_process`
    "run_process",
    "os.system",
    "os.exec",
    "retry",
    "retries",
    "attempt",
    "backoff",
    "stamina",
    "tenacity",
    "gptme.chat",
    "execute_msg",
    "tooluse",
    "claude_agent_sdk",  # the Claude Agent SDK's `query` (and its former name's)
    "claude_code_sdk",
    # the call graph's links: clients, abstract bases a registry dispatches through
    "openai",
    "anthropic",
    "groq",
    "litellm",
    "client",
    "abstractmethod",
    "notimplementederror",
    "(protocol",  # `class Runner(Protocol):`: what an annotation of it may hold
)


class IndexedModule(NamedTuple):
    """A Python module the index holds: its summary, or (read from the cache) only the
    digest that names the summary there until something asks for it."""

    name: str  # the dotted module name
    candidate: Candidate
    digest: str  # of the summary's data; "" without a cache
    summary: PythonSummary | None  # None: in the cache under `digest`, not read yet
    # the last names of its functions that launch, run or report on a process, and of
    # its classes' abstract methods: a module calling one is taken in the next pass
    launching: tuple[str, ...] = ()
    # the imported functions its `except` clauses call (qualified; also those its retry
    # layers run, those it hands a step, the bases of a class that keeps what it is
    # given): their modules are taken in the next pass (`handled_modules`)
    handled: tuple[str, ...] = ()


Sourced = tuple[str, bool, bool]  # a file a script sources (from its folder), errexit, pipefail


class IndexedScript(NamedTuple):
    """A shell script the index holds: whether it runs an agent, the files it sources
    with the options it has at each, and its calls of names it does not define, which
    those files may (`auditor.shell.sourcing`)."""

    display: str
    runs_agent: bool
    sourcing: tuple[Sourced, ...] = ()
    calls: tuple[CallSite, ...] = ()
    callbacks: tuple[Callback, ...] = ()  # its functions that end by running a call above
    judged: tuple[str, ...] = ()  # the called names whose output it examines at every call


# A link to a launching function of the index: (its module's last name, its own last name,
# whether any mention of it counts); a module that names both (`from .runner import
# Runner`, `Runner.run_agent(argv)`) may give it an agent's argv without any marker of its
# own. A function or a class of the first pass is named by a call (`run_agent(`,
# `Runner(`); a base class of a class holding a client, anywhere (an annotation may
# hold its instances: `providers: dict[str, BaseProvider]`).
Link = tuple[str, str, bool]


def links_of(modules: Sequence[IndexedModule], tree: Collection[str]) -> frozenset[Link]:
    """The links the next index pass looks for, from the modules the last one took (a
    qualified name is a base class in another module: one of the modules of the tree,
    `tree`, not `abc.ABC`, which may name it from a folder above: `app.workers.base` for
    `workers.base`)."""
    found: set[Link] = set()
    named = _by_ending(tree)
    for module in modules:
        for name in module.launching:
            owner, _, last = name.rpartition(".")
            if not owner:
                found.add((module.name.rsplit(".", 1)[-1], name, False))
            elif owner in named:
                found.add((owner.rsplit(".", 1)[-1], last, True))
    return frozenset(found)


def _by_ending(names: Iterable[str]) -> dict[str, list[str]]:
    """Each dotted name under itself and under each of its endings (`workers.base` and
    `base` for `app.workers.base`): a module may import a name of the tree as it is
    named from a folder below the one it is audited from."""
    found: dict[str, list[str]] = {}
    for name in names:
        parts = name.split(".")
        for index in range(len(parts)):
            found.setdefault(".".join(parts[index:]), []).append(name)
    return found


class Wanted(NamedTuple):
    """The modules the next index pass takes whatever they hold: by name, and the modules
    of a package that define a function the package re-exports (`from workers import
    get_worker`, defined in `workers/registry.py`): (the package, the function)."""

    modules: frozenset[str] = frozenset()
    defining: frozenset[tuple[str, str]] = frozenset()

    def __bool__(self) -> bool:
        return bool(self.modules or self.defining)

    def __or__(self, other: object) -> Wanted:
        """What either wants (every pass's, for a reader of later edits)."""
        if not isinstance(other, Wanted):
            return NotImplemented
        return Wanted(self.modules | other.modules, self.defining | other.defining)

    def may_take(self, name: str) -> bool:
        """Whether the module `name` may be wanted, before its text is read."""
        return name in self.modules or any(
            name.startswith(f"{package}.") for package, _ in self.defining
        )

    def takes(self, name: str, text: str) -> bool:
        """Whether the module `name`, whose text is `text`, is wanted."""
        return name in self.modules or any(
            name.startswith(f"{package}.") and f"def {last}(" in text
            for package, last in self.defining
        )


NOTHING_WANTED = Wanted()


def handled_modules(modules: Sequence[IndexedModule], tree: Collection[str]) -> Wanted:
    """The modules of the tree that define a function the last pass's modules call in an
    `except` clause (`from .errors import handle_error`) or in a retry layer, that gives
    the receiver of a method a retry layer calls (`worker = get_worker(name)`, then
    `worker.run(ctx)` in the loop), that they hand an agent step to, or a base of a class
    that keeps what it is given, for the next pass; through a package that re-exports it,
    the package's modules that define it."""
    taken = {module.name for module in modules}
    called = {name.rpartition(".") for module in modules for name in module.handled}
    # (the tree may name a module or a package from a folder above: `app.workers` for
    # `workers`)
    named = _by_ending(tree)
    packages = _by_ending({name.rpartition(".")[0] for name in tree} - {""})
    return Wanted(
        frozenset(
            module
            for owner, _, _ in called
            for module in named.get(owner, ())
            if module not in taken
        ),
        frozenset(
            (package, last) for owner, _, last in called for package in packages.get(owner, ())
        ),
    )


def tree_modules(indexed: Iterable[Candidate], names: Mapping[str, str]) -> frozenset[str]:
    """The dotted names of the Python modules among the index's files."""
    return frozenset(
        names.get(c.display) or module_name(c.path) for c in indexed if c.kind is FileKind.PYTHON
    )


def _linked(text: str, links: frozenset[Link]) -> bool:
    """Whether a module's text names a link with its module: by a call of it, or, for a
    base class, as a word anywhere."""
    return any(
        module in text
        and any(
            re.search(rf"\b{re.escape(name)}\b", text) if anywhere else f"{name}(" in text
            for name, anywhere in named
        )
        for module, named in _by_module(links)
    )


@functools.lru_cache(maxsize=4)
def _by_module(links: frozenset[Link]) -> tuple[tuple[str, tuple[tuple[str, bool], ...]], ...]:
    """The links grouped by their module's name (each looked for once in a text)."""
    grouped: dict[str, list[tuple[str, bool]]] = {}
    for module, name, anywhere in sorted(links):
        grouped.setdefault(module, []).append((name, anywhere))
    return tuple((module, tuple(named)) for module, named in grouped.items())


def _client_holders(functions: Mapping[str, Any], layers: Sequence[Any]) -> set[str]:
    """The classes whose methods keep an SDK client on the instance (`self.client =
    AzureOpenAI(…)`) and the functions that return one: a module that calls one may send
    its requests under a retry loop of its own (`for _ in range(3): gpt.chat(…)`); and the
    functions that send a client's requests in a loop of as many attempts as their
    callers give (`for _ in range(max_retries)`)."""
    found: set[str] = set()
    bound = {index for index, layer in enumerate(layers) if layer.get("bound")}
    for qualname, facts in functions.items():
        calls: Sequence[CallFacts] = facts.get("calls", ())
        if bound and any(call.details.layer in bound for call in calls):
            found.add(qualname.rsplit(".", 1)[-1])
        cls = facts.get("class")
        if cls and any(
            len(store) > 1 and store[1] == "client" for store in facts.get("stores", ())
        ):
            found.add(cls.rsplit(".", 1)[-1])
        if any(len(value) > 1 and value[1] == "client" for value in facts.get("returns", ())):
            found.add(qualname.rsplit(".", 1)[-1])
    return found


def _raising_through_self(functions: Iterable[Mapping[str, Any]]) -> set[str]:
    """The classes of the functions that raise a method's result on `self` in place of a
    request's failure (the classes a send's translation names, `DISPATCHED` first)."""
    from auditor.python.model.retry_reach import DISPATCHED

    return {
        str(facts["class"])
        for facts in functions
        if facts.get("class")
        and any(
            str(name).startswith(DISPATCHED)
            for send in facts.get("sends", ())
            if len(send) > 4
            for name in send[4]
        )
    }


def _summary(
    candidate: Candidate,
    named: str,
    text: str,
    data: bytes,
    cache: ResultCache | None,
    catalog: AgentCatalog,
    steps: StepCatalog,
    settings_part: str,
) -> tuple[str, PythonSummary | None, tuple[str, ...], tuple[str, ...]]:
    """A module's summary, its digest, its launching names and the functions its `except`
    clauses call (see `IndexedModule`); through a cache, only the digest and names when
    the cache holds the summary (a warm run whose results are all cached never reads
    it)."""
    from auditor.python.model.ast_values import import_origin
    from auditor.python.runner.retried_loops import with_loop_uses
    from auditor.python.runner.summary import summarize_python

    module = named  # it resolves relative imports: part of the key
    detail = f"{module}|{settings_part}"
    key = cache.key(candidate.display, "index", data, detail) if cache else ""
    cached = cache.get_data(key) if cache else None
    held = cached.get("summary") if isinstance(cached, dict) else None
    launching = cached.get("launching") if isinstance(cached, dict) else None
    handled = cached.get("handled", []) if isinstance(cached, dict) else None
    # used: pruned last, with its entry; a summary pruned without it is made again here,
    # not re-made by every run that reads it
    if (
        isinstance(held, str)
        and isinstance(launching, list)
        and isinstance(handled, list)
        and all(isinstance(name, str) for name in (*launching, *handled))
        and cache is not None
        and cache.touch(summary_key(cache, held))
    ):
        return held, None, tuple(launching), tuple(handled)
    try:
        summary = summarize_python(text, candidate.display, catalog, steps, module)
        importing = import_origin(module, candidate.display)
        summary = with_loop_uses(summary, text, importing, catalog, steps)
    except (RecursionError, MemoryError, ValueError):
        summary = PythonSummary(candidate.display)  # too deep to summarise: nothing known
    # functions that launch what they are given, run a process, or report on one; and,
    # in a module that has such functions, the abstract methods of its classes (a
    # registry's instance is called through them: `get_adapter(name).run_review(…)` runs
    # an override that launches the agent through the base's `_execute(cmd)`)
    reaching = (*summary.launch_parameters, *summary.launchers, *summary.returns)
    classes = (summary.graph.get("classes") or {}).values() if reaching else ()
    abstract = [method for facts in classes for method in facts.get("abstract", ())]
    holders = _client_holders(
        summary.graph.get("functions") or {}, summary.graph.get("layers") or []
    )
    # and the bases of the classes that hold one or launch, by their qualified names: a
    # module that names a base (`providers: dict[str, BaseProvider]`, a registry's
    # `-> BaseWorker`) may call a holder or a launching override through it
    defined = summary.graph.get("classes") or {}
    launching = {name.rpartition(".")[0] for name in reaching} & set(defined)
    family = {
        base for cls in holders | launching for base in (defined.get(cls) or {}).get("bases", ())
    }
    functions = (summary.graph.get("functions") or {}).values()
    # and the classes whose methods raise what a method on `self` builds in place of a
    # request's failure (`raise self._map_error(e)`): a subclass elsewhere may override it
    mapping = {f"{module}.{cls}" for cls in _raising_through_self(functions)}
    names = tuple(
        sorted(
            {name.rsplit(".", 1)[-1] for name in reaching}
            | set(abstract)
            | holders
            | family
            | mapping
        )
    )
    handled = tuple(
        sorted(
            {name for facts in functions for name in facts.get("handled", ())}
            | _layer_callees(functions)
            | _handed_steps(functions, steps.functions)
            | _injected_bases(functions, defined)
        )
    )
    if cache is None:
        return "", summary, names, handled
    import hashlib
    import json

    # The summary is stored under its own digest, which the file's entry names: a run
    # keys its results by the digests alone.
    stored = json.dumps(summary.to_data(), separators=(",", ":"))
    digest = hashlib.sha256(stored.encode("utf-8", "surrogatepass")).hexdigest()
    cache.put_text(summary_key(cache, digest), stored)
    cache.put_data(key, {"summary": digest, "launching": list(names), "handled": list(handled)})
    return digest, summary, names, handled


def _handed_steps(functions: Iterable[Mapping[str, Any]], steps: Collection[str]) -> set[str]:
    """The qualified names of what the module hands an agent step to: the callees of its
    calls given a step function (`Executor(query_func=claude_agent_sdk.query)`), by name
    or through the attribute of the instance that keeps one (`query_func=self.query`)."""
    functions = list(functions)
    kept = {
        (facts.get("class", ""), target)
        for facts in functions
        for target, *ref in facts.get("stores", ())
        if ref and ref[0] == "global" and ref[1] in steps
    }
    found: set[str] = set()
    for facts in functions:
        for call in facts.get("calls", ()):
            given = [ref for _, ref in (*call.args, *call.details.keywords)]
            handed = any(
                ref
                and (
                    (ref[0] == "global" and ref[1] in steps)
                    or (ref[0] == "self" and (facts.get("class", ""), ref[1]) in kept)
                )
                for ref in given
            )
            callee = call.callee
            if handed and callee and callee[0] == "name" and "." in callee[1]:
                found.add(callee[1])
    return found


def _injected_bases(functions: Iterable[Mapping[str, Any]], classes: Mapping[str, Any]) -> set[str]:
    """The bases of the module's classes that keep what they are given on the instance
    (`self.query = query_func`): a base's method may call it (`self.query(…)` in a
    mixin), so what the class is handed runs there."""
    keeping = {
        facts.get("class", "")
        for facts in functions
        if any(ref and ref[0] == "param" for _, *ref in facts.get("stores", ()))
    }
    return {
        base for cls in keeping for base in (classes.get(cls) or {}).get("bases", ()) if "." in base
    }


def _layer_callees(functions: Iterable[Mapping[str, Any]]) -> set[str]:
    """The qualified names of what a retry layer's calls run: their callees by name, and the
    calls that give the receivers of their methods (`worker = get_worker(name)` before the
    loop, `worker.run(ctx)` in it)."""
    found: set[str] = set()
    functions = list(functions)
    # what the instance keeps in `self.ATTR` from a call (`self._generate = get_provider(
    # name)`): a layer's call of the attribute runs what that call returns
    kept: dict[tuple[str, str], set[str]] = {}
    for facts in functions:
        making: Sequence[CallFacts] = facts.get("calls", ())
        for target, *ref in facts.get("stores", ()):
            if ref and ref[0] == "result" and 0 <= ref[1] < len(making):
                made = making[ref[1]].callee
                if made and made[0] == "name" and "." in made[1]:
                    kept.setdefault((facts.get("class", ""), target), set()).add(made[1])
    for facts in functions:
        calls: Sequence[CallFacts] = facts.get("calls", ())
        for call in calls:
            callee = call.callee
            # (a call in a layer's loop, or anywhere in a function a retry decorator wraps)
            if (call.details.layer is None and facts.get("layer") is None) or not callee:
                continue
            if callee[0] == "self":
                found.update(kept.get((facts.get("class", ""), callee[1]), ()))
            given = [callee]
            if callee[0] == "method":
                given = [
                    calls[ref[1]].callee
                    for ref in callee[1]
                    if ref[0] == "result" and 0 <= ref[1] < len(calls)
                ]
            found.update(c[1] for c in given if c and c[0] == "name" and "." in c[1])
    return found


def summary_key(cache: ResultCache, digest: str) -> str:
    """The cache key of the summary whose data has `digest`."""
    return cache.key("", "summary", digest.encode("ascii"))


class _Summariser:
    """Summarises one file for the project index under its own settings (picklable, for
    worker processes)."""

    def __init__(
        self,
        settings: FileSettings,
        cache: ResultCache | None,
        links: frozenset[Link] = frozenset(),
        names: Mapping[str, str] | None = None,
        units: bool = True,
        wanted: Wanted = NOTHING_WANTED,
    ) -> None:
        """`names`: the dotted names of the modules by their display paths, told apart
        (`module_names`); a module not there is named by `module_name`. `units`: whether
        the run holds a file that may hold a systemd unit (`ModuleSummariser`). `wanted`:
        modules summarised whatever they hold (`handled_modules`)."""
        self.file_settings, self.cache, self.links = settings, cache, links
        self.names, self.units, self.wanted = names or {}, units, wanted
        self.readers: dict[int, ModuleSummariser] = {}

    def __call__(self, candidate: Candidate) -> IndexedModule | IndexedScript | None:
        """A Python module's summary, a script's path if it runs an agent, or None."""
        position = self.file_settings.position(candidate.display)
        if position not in self.readers:
            settings = self.file_settings.choices[position]
            self.readers[position] = ModuleSummariser(
                settings, self.cache, self.links, self.names, self.units, self.wanted
            )
        return self.readers[position](candidate)

    def without_cache(self, candidate: Candidate) -> IndexedModule | IndexedScript | None:
        """`candidate` summarised again, not through the cache (its entry is gone)."""
        settings = self.file_settings.of(candidate.display)
        summariser = ModuleSummariser(
            settings, None, self.links, self.names, self.units, self.wanted
        )
        return summariser(candidate)


class ModuleSummariser:
    """Summarises files under one settings."""

    def __init__(
        self,
        settings: Settings,
        cache: ResultCache | None,
        links: frozenset[Link] = frozenset(),
        names: Mapping[str, str] | None = None,
        units: bool = True,
        wanted: Wanted = NOTHING_WANTED,
    ) -> None:
        """`units`: whether the run holds a file that may hold a systemd unit (a unit
        file, or Python that writes one); only a unit asks whether a script runs an agent
        (`ProjectIndex.runs_agent`), so only then is the shell model asked it. `wanted`:
        the modules (dotted names) summarised whatever they hold."""
        self.settings, self.cache, self.links = settings, cache, links
        self.names, self.units, self.wanted = names or {}, units, wanted
        self.catalog = load_catalog(self.settings.agents, self.settings.consequential_commands)
        agents = sorted({name for profile in self.catalog.profiles for name in profile.commands})
        alternatives = "|".join(re.escape(name) for name in agents)
        variables = "|".join(re.escape(name.upper()) for name in agents)
        # A name as a word or a path's last part (`/opt/bin/gptme`): looked up by the name
        # and the one character before it, linear where a `[\w./-]*/` prefix was quadratic;
        # or leading a variable's name (`$CLAUDE_BIN`: `AgentCatalog.named_program`).
        self.agent_word = re.compile(
            r"(?:(?<=/)|(?<![\w.-]))(?:" + alternatives + r")(?![\w-])"
            r"|(?<!\w)(?:" + variables + r")_\w"
        )
        # and the step callables the config adds (`[tool.runaudit.steps] calls`), by name,
        # and the libraries that make agent objects (`langgraph`, `pydantic_ai`: a module
        # imports its maker from there; its name, `Agent`, is too common a word)
        calls = (
            *(settings.steps or {}).get("calls", ()),
            *{m.split(".", 1)[0] for m in builtin_data("steps")["steps"]["agent-makers"]},
        )
        # and the modules SDK clients come from, built in and configured
        # (`langchain_google_genai`: a module that only builds the client it exports)
        tables = (builtin_data("sdk")["constructors"], settings.sdk.get("constructors", {}))
        sdks = {str(table.get("module", "")).lower() for t in tables for table in t.values()}
        self.markers = (
            *_INDEX_MARKERS,
            *(str(c).rsplit(".", 1)[-1].lower() for c in calls),
            *sorted(sdks - {""}),
        )
        # Part of each cache key; without a cache, not computed (hashlib costs 4 MiB of RSS).
        self.key_part = settings_digest(settings, ()) if cache is not None else ""
        self.agent_names = tuple(agents)

    def __call__(self, candidate: Candidate) -> IndexedModule | IndexedScript | None:
        """A Python module's summary, a script's path if it runs an agent, or None."""
        try:
            data = read_bounded(candidate.path, self.settings.max_file_size)
        except (OSError, RefusedFile):
            return None  # the audit itself reports why
        return self.summarise(candidate, data)

    def summarise(self, candidate: Candidate, data: bytes) -> IndexedModule | IndexedScript | None:
        """What the index holds for a file whose content is `data` (an editor's buffer)."""
        text = data.decode("utf-8", errors="replace")
        if candidate.kind is FileKind.SHELL:
            named = self.agent_word.search(text)
            runs = named and (not self.units or self._script_runs_agent(candidate, data, text))
            sourcing, calls, callbacks, judged = self._sourcing(candidate, data, text)
            return (
                IndexedScript(candidate.display, bool(runs), sourcing, calls, callbacks, judged)
                if runs or sourcing
                else None
            )
        if _TEST_MODULE.fullmatch(candidate.path.name):
            # Test modules are rarely imported (only by other tests, a `test_utils.py`):
            # one is summarised, if it needs to be, when it is audited (from that parse).
            return None
        lowered = text.lower()
        name = self.names.get(candidate.display) or module_name(candidate.path)
        if (
            not any(marker in lowered for marker in self.markers)
            and not self._names_agent(text)
            and not _linked(text, self.links)
            and not self.wanted.takes(name, text)
        ):
            return None
        try:
            with time_bound(self.settings.timeout):
                digest, summary, launching, handled = _summary(
                    candidate, name, text, data, self.cache, self.catalog, self.steps, self.key_part
                )
        except FileTimeout:
            return None  # the audit reports the file
        return IndexedModule(name, candidate, digest, summary, launching, handled)

    def _script_runs_agent(self, candidate: Candidate, data: bytes, text: str) -> bool:
        """Whether a script that names an agent runs one, by the shell model (a script
        that names one only in a message, a path or a mount does not); one too deep or
        too costly to read, as if it did. Through the cache, by the script's content."""
        from auditor.shell.model import ShellScript
        from auditor.shell.restarts import never_fails
        from auditor.unit import NotAudited
        from auditor.value_budget import value_budget

        key = (
            self.cache.key(candidate.display, "runs agent", data, self.key_part)
            if self.cache
            else ""
        )
        cached = self.cache.get_data(key) if self.cache else None
        if isinstance(cached, dict) and isinstance(cached.get("runs_agent"), bool):
            return bool(cached["runs_agent"])
        try:
            with time_bound(self.settings.timeout), value_budget():
                script = ShellScript.build(text, self.catalog)
                # (a script that never fails is never restarted for a failure of its agent)
                runs = script.may_run_agent() and not never_fails(script)
        except (FileTimeout, RecursionError, NotAudited):
            runs = True  # its own audit says why it is not read
        if self.cache is not None:
            self.cache.put_data(key, {"runs_agent": runs})
        return runs

    def _sourcing(
        self, candidate: Candidate, data: bytes, text: str
    ) -> tuple[tuple[Sourced, ...], tuple[CallSite, ...], tuple[Callback, ...], tuple[str, ...]]:
        """What a script sources, its options at each, its calls of names it does not
        define, its functions that end by running one, and the names whose output it
        examines at every call; through the cache, modelled once per content."""
        from auditor.shell.sourcing import may_source, script_sourcing

        if not may_source(text):
            return (), (), (), ()
        key = self.cache.key(candidate.display, "sourcing", data) if self.cache else ""
        held = self.cache.get_data(key) if self.cache else None
        if (
            isinstance(held, dict)
            and _rows_shape(held.get("sourcing"), 2)
            and _rows_shape(held.get("calls"), 3)
            and _name_pairs(held.get("callbacks"))
            and isinstance(judged := held.get("judged"), list)
            and all(isinstance(name, str) for name in judged)
        ):
            return (
                tuple((path, errexit, pipefail) for path, errexit, pipefail in held["sourcing"]),
                tuple((name, *flags) for name, *flags in held["calls"]),
                tuple((name, last) for name, last in held["callbacks"]),
                tuple(judged),
            )
        found = script_sourcing(text, self.catalog, self.settings.timeout)
        sourcing, calls, callbacks, examined = found
        if self.cache is not None:
            rows = {
                "sourcing": [list(entry) for entry in sourcing],
                "calls": [list(call) for call in calls],
                "callbacks": [list(callback) for callback in callbacks],
                "judged": list(examined),
            }
            self.cache.put_data(key, rows)
        return tuple(sourcing), tuple(calls), tuple(callbacks), tuple(examined)

    def _names_agent(self, text: str) -> bool:
        """Whether a module holds a literal that starts with an agent's name (an argv
        a builder returns for another module to run)."""
        from auditor.python.model.prefilter import has_command_literal

        return has_command_literal(text, self.agent_names)

    @functools.cached_property
    def steps(self) -> StepCatalog:
        """The step catalogue (loaded for the first module worth summarising)."""
        from auditor.python.runner.steps import load_steps

        return load_steps(self.settings.steps)


class IndexListing:
    """What the index pass found: the Python modules (each summary, or its digest in the
    cache) and the scripts that run an agent. A warm run keys its results by the listing's
    digest and reads the summaries only if some file is not in the cache."""

    def __init__(
        self,
        modules: Sequence[IndexedModule],
        scripts: Sequence[str],
        summariser: _Summariser,
        sourced: Mapping[str, Sourcers] | None = None,
    ) -> None:
        self.modules, self.scripts, self.summariser = modules, scripts, summariser
        self.sourced = sourced or {}  # `ProjectIndex.sourced_by`

    @property
    def fresh(self) -> bool:
        """Whether some summary was made in this pass (so its results are not cached)."""
        return any(module.summary is not None for module in self.modules)

    def digest(self) -> str:
        """A stable hash of the index, for cache keys: the summaries' digests in order."""
        import hashlib

        digest = hashlib.sha256()
        for module in self.modules:
            digest.update(f"{module.name}\0{module.digest}\0".encode("utf-8", "surrogatepass"))
        for script in sorted(self.scripts):
            digest.update(f"{script}\0".encode("utf-8", "surrogatepass"))
        for path, options in sorted(self.sourced.items()):
            digest.update(f"{path}\0{options}\0".encode("utf-8", "surrogatepass"))
        return digest.hexdigest()

    def project(self) -> ProjectIndex:
        """The index, its summaries read from the cache when first asked for."""
        paths = frozenset(module.candidate.display for module in self.modules)
        if not any(module.summary is None for module in self.modules):
            pairs = [(m.name, m.summary) for m in self.modules if m.summary is not None]
            return merge(pairs, self.scripts, self.sourced)
        scripts = frozenset(self.scripts)
        return ProjectIndex(LazySummaries(self), scripts, paths, dict(self.sourced))


class LazySummaries(Mapping[str, PythonSummary]):
    """The module summaries of an `IndexListing`, read from the cache on first use (in the
    process that asks: a worker auditing a file the cache did not hold)."""

    def __init__(self, listing: IndexListing) -> None:
        self.listing = listing
        self._summaries: dict[str, PythonSummary] | None = None

    def summaries(self) -> dict[str, PythonSummary]:
        """Every summary, read once."""
        if self._summaries is None:
            self._summaries = {}
            for module in self.listing.modules:
                summary = module.summary or self._read(module)
                if summary is not None:
                    self._summaries.setdefault(module.name, summary)
        return self._summaries

    def _read(self, module: IndexedModule) -> PythonSummary | None:
        """A summary from the cache; made again if the entry is gone or corrupt."""
        cache = self.listing.summariser.cache
        data = cache.get_data(summary_key(cache, module.digest)) if cache else None
        if isinstance(data, dict):
            try:
                return PythonSummary.from_data(data)
            except (KeyError, TypeError, IndexError, ValueError):
                pass
        made = self.listing.summariser.without_cache(module.candidate)
        return made.summary if isinstance(made, IndexedModule) else None

    def __getitem__(self, name: str) -> PythonSummary:
        return self.summaries()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self.summaries())

    def __len__(self) -> int:
        return len(self.summaries())


def candidate_names(candidates: Sequence[Candidate]) -> dict[str, str]:
    """The dotted names of the Python modules among `candidates`, by display path, told
    apart where two would share one (`auditor.project.module_names`)."""
    python = [c for c in candidates if c.kind is FileKind.PYTHON]
    by_path = module_names((c.path, c.root) for c in python)
    return {c.display: by_path[c.path] for c in python}


def later_passes(
    first: list[IndexedModule],
    tree: Collection[str],
    take: Callable[[frozenset[Link], Wanted], list[IndexedModule]],
) -> None:
    """The index's passes after the first, at most `_PASSES`: the second takes (`take`)
    the modules that call a launching function of the first's, and each takes those that
    define a function the last pass's modules call in an `except` clause or a retry layer
    or hand a step, or a base of a class that keeps what it is given (by name: a pass
    after the second reads no module's text that it does not want); they stop when a pass
    takes nothing new."""
    added = first
    for number in range(_PASSES):
        links = links_of(added, tree) if number == 0 else frozenset()
        wanted = handled_modules(added, tree)
        if not (links or wanted):
            return
        added = take(links, wanted)


def index_listing(
    candidates: Sequence[Candidate],
    settings: FileSettings,
    cache: ResultCache | None = None,
    jobs: int = 1,
) -> IndexListing:
    """The index pass: summaries of Python modules (through the cache, only their digests
    when it holds them), scripts that run an agent; each file read under its own settings
    (its agents and step callables)."""
    indexed = [c for c in candidates if c.kind in (FileKind.PYTHON, FileKind.SHELL)]
    names = candidate_names(indexed)
    units = any(c.kind in (FileKind.SYSTEMD, FileKind.PYTHON) for c in candidates)
    summariser = _Summariser(settings, cache, names=names, units=units)
    modules: list[IndexedModule] = []
    shell: list[IndexedScript] = []
    for entry in map_in_workers(summariser, indexed, jobs, _crashed_summary):
        if isinstance(entry, IndexedScript):
            shell.append(entry)
        elif entry is not None:
            modules.append(entry)

    # what every pass looked for: a module re-read later (its summary gone from the
    # cache) is taken as it was, whichever pass took it
    every: list[tuple[frozenset[Link], Wanted]] = []

    def take(links: frozenset[Link], wanted: Wanted) -> list[IndexedModule]:
        every.append((links, wanted))
        taken = {module.candidate.display for module in modules}
        rest = [c for c in indexed if c.kind is FileKind.PYTHON and c.display not in taken]
        if not links:  # only the modules wanted by name (or in a package defining one)
            rest = [c for c in rest if wanted.may_take(names.get(c.display) or module_name(c.path))]
        summariser = _Summariser(settings, cache, links, names, units, wanted)
        found = map_in_workers(summariser, rest, jobs, _crashed_summary)
        added = [entry for entry in found if isinstance(entry, IndexedModule)]
        modules.extend(added)
        return added

    later_passes(list(modules), tree_modules(indexed, names), take)
    order = {candidate.display: number for number, candidate in enumerate(indexed)}
    modules.sort(key=lambda module: order[module.candidate.display])
    scripts, sourced = script_facts(shell, (c.display for c in indexed))
    if every:
        links = frozenset().union(*(links for links, _ in every))
        wanted = functools.reduce(operator.or_, (w for _, w in every), NOTHING_WANTED)
        summariser = _Summariser(settings, cache, links, names, units, wanted)
    return IndexListing(modules, scripts, summariser, sourced)


def script_facts(
    entries: Iterable[IndexedScript], displays: Iterable[str]
) -> tuple[list[str], dict[str, Sourcers]]:
    """From the index's scripts: those that run an agent, and what the scripts that source
    a file among `displays` give it (`ProjectIndex.sourced_by`)."""
    held = list(entries)
    runs = [entry.display for entry in held if entry.runs_agent]
    sourcing = [(e.display, list(e.sourcing), e.calls, e.callbacks) for e in held if e.sourcing]
    if not sourcing:
        return runs, {}
    from auditor.shell.sourcing import judged_by_sourcers, sourced_by  # (a run with scripts)

    files = frozenset(displays)
    judged = [(e.display, list(e.sourcing), e.calls, e.judged) for e in held if e.sourcing]
    return runs, judged_by_sourcers(sourced_by(sourcing, files), judged, files)


def _name_pairs(value: object) -> bool:
    """Whether a cached list of rows is [[name, name], …] (a function and its last call)."""
    return isinstance(value, list) and all(
        isinstance(entry, list) and len(entry) == 2 and all(isinstance(n, str) for n in entry)
        for entry in value
    )


def _rows_shape(value: object, flags: int) -> bool:
    """Whether a cached list of rows has its shape: [[name, then `flags` booleans], …] (a
    sourced path and two options, a called name and three flags)."""
    return isinstance(value, list) and all(
        isinstance(entry, list)
        and len(entry) == 1 + flags
        and isinstance(entry[0], str)
        and all(isinstance(flag, bool) for flag in entry[1:])
        for entry in value
    )


def build_index(
    candidates: Sequence[Candidate],
    settings: Settings | FileSettings,
    cache: ResultCache | None = None,
    jobs: int = 1,
) -> ProjectIndex:
    """The project index, every summary read: see `index_listing`."""
    if isinstance(settings, Settings):
        settings = FileSettings.uniform(settings)
    project = index_listing(candidates, settings, cache, jobs).project()
    return project._replace(python=dict(project.python))


def _crashed_summary(candidate: Candidate) -> None:
    return None  # the audit reports the file
