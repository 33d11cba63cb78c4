"""What a run knows about the whole audited tree before it audits any file.

Some findings need another file: a retry loop in one module around an agent
launcher defined in another, a `max_retries` constant imported from a
sibling module, a systemd unit whose `ExecStart` runs a script of the tree.
A cheap pre-pass (stdlib `ast` for Python, a text scan for shell; never
executing anything) summarises each file once; every file's
audit then reads the summaries. The index is data only, so it can be sent
to worker processes and hashed into cache keys.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, NamedTuple

from auditor.profiles import names_script

# The default of every mapping field: read-only by the fields' types, and a plain dict
# so that summaries pickle for worker processes.
_EMPTY: Mapping[Any, Any] = {}


class RetriedUse(NamedTuple):
    """A name imported from another module, used under a retry decorator or loop."""

    module: str  # the module the name comes from
    name: str
    line: int  # where it is used (1-based line and column)
    column: int
    label: str  # the retry construct: "`@on_exception`"
    attempts: int | None
    # what it retries: (kind, value) error tests (`auditor.python.runner.error_tests`); none: all
    errors: tuple[tuple[str, str], ...] = ()
    unlimited: bool = False  # a loop with no attempt limit (`while True`)


class LaunchParameter(NamedTuple):
    """A parameter of a function that reaches a process launch in its body
    (`def run_command(cmd): return subprocess.run(cmd)`): a call of the function
    launches whatever it is given there."""

    name: str
    position: int  # among a call's positional arguments (`self` not counted); -1: keyword-only
    # "argv": a list of words (also spread as `*cmd`); "shell": a command string;
    # "program": the first word of an argv list written in the function
    form: str
    launch: str  # the launching call's qualified name (`subprocess.run`)
    # what the function does with the status: "returned" (in some form, see
    # `PythonSummary.returns`), "read" (it checks or reads it), "dropped"
    status: str
    # the lines of the calls that launch it: they launch the agent only as it is given one
    lines: tuple[int, ...]


class CallDetails(NamedTuple):
    """What a call passes beyond its positional values, and what is around it. Most calls
    have none of it, and many have the same (the calls of one retry loop): a module's
    facts hold each once."""

    given: tuple[str, ...] = ()  # the keywords it names
    layer: int | str | None = None  # the retry layer around it (`function_facts.LayerRef`)
    contained: bool = False  # a `try` around it keeps every failure in
    keywords: tuple[tuple[str, Any], ...] = ()  # (keyword, reference) of its named values
    ints: tuple[tuple[str, int], ...] = ()  # (keyword, value) of its literal integers
    positional: tuple[tuple[int, int], ...] = ()  # (position, value) of its literal integers
    spread: bool = False  # it passes `**kwargs`
    star: int | None = None  # where a `*args` forwards the caller's own `*args`
    shift: int = 0  # arguments before the callee's first (`retrier(fn, *args)`: 1)
    # (position, or keyword, and the references of the client) of the request methods it
    # passes as values (`with_retry(client.messages.create, …)`, `fn=client.….create`)
    requests: tuple[tuple[int | str, Any], ...] = ()
    # the retry layer that goes round on the value it returns, beside `layer` around its
    # raised failures (a loop that retries both: `except …: continue`, `if r["error"]:`)
    value_layer: int | None = None
    # the layer of a retry decorator it applies to the function it is given, a library's
    # (`retry(stop=…)(self._call_api)`) or, as a reference, one of the tree's factories
    # (`async_retry(config)(self._make_request)`): that function runs under it when the
    # wrapper does
    applied: int | str | None = None
    # (position, or keyword, and error tests) of the exception classes it passes
    # (`call_with_retries(fn, (RateLimitError, APIConnectionError))`, a module's tuple)
    classes: tuple[tuple[str, Any], ...] = ()
    # the caller tests its result and raises on a failure it reports (`raised_results`)
    reraises: bool = False
    # the layer of a library's retrying runnable it makes of its receiver (`model.
    # with_retry(…)`): every request of a client the receiver may hold runs under it
    runnable: int | None = None


NO_DETAILS = CallDetails()
# A word of `PythonSummary.returns` that tells nothing by itself: the function's run
# raises when it fails (`if proc.returncode != 0: raise …`, `check=True`, or it returns
# what such a function returns), so a caller that returns None where it raises says by
# its value how the run went.
RAISES = "raises"


class CallFacts(NamedTuple):
    """One call a function makes, as the project call graph reads it (written by
    auditor/python/runner/function_facts.py; references and callees are the tuples
    auditor/python/runner/graph_facts.py lists)."""

    line: int  # where the call starts (0-based column)
    column: int
    callee: Any  # what the called expression names; None: nothing known
    arg_count: int  # its positional arguments
    args: tuple[tuple[int, Any], ...] = ()  # (position, reference) of its positional values
    details: CallDetails = NO_DETAILS


class PythonSummary(NamedTuple):
    """The cross-module facts of one Python module."""

    path: str  # display path, for related locations
    # function or method qualified name ("execute_gptme", "Runner.run") -> (line, column)
    launchers: Mapping[str, tuple[int, int]] = _EMPTY
    # retry decorators written in the module: name -> attempts if known (None if not)
    retry_decorators: Mapping[str, int | None] = _EMPTY
    # module-level integer constants: name -> value
    constants: Mapping[str, int] = _EMPTY
    # imported names this module uses under a retry decorator or a hand-written retry loop
    retried_imports: tuple[RetriedUse, ...] = ()
    # those of `retry_decorators` that call the function they are given (`retrying(fn)`)
    retry_helpers: frozenset[str] = frozenset()
    # what those that retry only some failures retry: name -> (kind, value) error tests
    retry_errors: Mapping[str, tuple[tuple[str, str], ...]] = _EMPTY
    # the factory parameter their attempt count comes from: name -> (parameter, position;
    # -1 when it is keyword-only)
    retry_parameters: Mapping[str, tuple[str, int]] = _EMPTY
    # functions whose parameter reaches a process launch: qualified name -> the parameter
    launch_parameters: Mapping[str, LaunchParameter] = _EMPTY
    # what functions return about a process they run: qualified name -> "result" (the
    # launch's own value), "status" (an exit code, or true on failure), "success" (true
    # on success), "success@N" (item N of a returned tuple is true on success), `RAISES`
    # (below)
    returns: Mapping[str, str] = _EMPTY
    # top-level classes -> their bases, qualified through the module's imports
    class_bases: Mapping[str, tuple[str, ...]] = _EMPTY
    # the module's facts for the project call graph (auditor/python/runner/graph_facts.py)
    graph: Mapping[str, Any] = _EMPTY
    # the clause each of `retry_decorators` goes on after, for messages ("`except
    # Exception`")
    retry_catches: Mapping[str, str] = _EMPTY
    # launchers that return how their run went without telling a failure apart
    # themselves (`return subprocess.run([...])`): qualified name -> the agent's program
    status_agents: Mapping[str, str] = _EMPTY
    # functions whose value would say how a run went if a call they make, whose value
    # the module cannot tell, returned the run's exit status (or its success flag first
    # in a tuple): qualified name -> (the call's line, its column, the `returns` word,
    # what the call is assumed to return); the call graph decides
    status_verdicts: Mapping[str, tuple[int, int, str, str]] = _EMPTY

    def to_data(self) -> dict[str, Any]:
        """The summary as JSON-ready data (for the cache and the index digest)."""
        return {
            "path": self.path,
            "launchers": {name: list(place) for name, place in self.launchers.items()},
            "retry_decorators": dict(self.retry_decorators),
            "constants": dict(self.constants),
            "retried_imports": [use._asdict() for use in self.retried_imports],
            "retry_helpers": sorted(self.retry_helpers),
            "retry_parameters": {name: list(p) for name, p in self.retry_parameters.items()},
            "retry_errors": {
                name: list(map(list, tests)) for name, tests in self.retry_errors.items()
            },
            "launch_parameters": {
                name: [*parameter[:5], list(parameter.lines)]
                for name, parameter in self.launch_parameters.items()
            },
            "returns": dict(self.returns),
            "class_bases": {name: list(bases) for name, bases in self.class_bases.items()},
            "graph": _graph_data(self.graph),
            "retry_catches": dict(self.retry_catches),
            "status_agents": dict(self.status_agents),
            "status_verdicts": {n: list(v) for n, v in self.status_verdicts.items()},
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> PythonSummary:
        """The summary `to_data` described; TypeError (or KeyError) for data of any other
        shape, checked to the leaves, so a corrupt cache entry is a miss, never a crash."""
        return cls(
            _str(data["path"]),
            {_str(n): _int_pair(place) for n, place in _dict(data["launchers"]).items()},
            {_str(n): _optional_int(v) for n, v in _dict(data["retry_decorators"]).items()},
            {_str(n): _int(v) for n, v in _dict(data["constants"]).items()},
            tuple(_retried_use(use) for use in _list(data["retried_imports"])),
            frozenset(_str(name) for name in _list(data["retry_helpers"])),
            {_str(n): _pairs(tests) for n, tests in _dict(data.get("retry_errors", {})).items()},
            {
                _str(n): (_str(_list(p, 2)[0]), _int(p[1]))
                for n, p in _dict(data.get("retry_parameters", {})).items()
            },
            {
                _str(n): LaunchParameter(
                    _str(_list(p, 6)[0]),
                    _int(p[1]),
                    _str(p[2]),
                    _str(p[3]),
                    _str(p[4]),
                    tuple(_int(line) for line in _list(p[5])),
                )
                for n, p in _dict(data.get("launch_parameters", {})).items()
            },
            {_str(n): _str(kind) for n, kind in _dict(data.get("returns", {})).items()},
            {
                _str(n): tuple(map(_str, _list(bases)))
                for n, bases in _dict(data.get("class_bases", {})).items()
            },
            _graph(_dict(data.get("graph", {}))),
            {_str(n): _str(text) for n, text in _dict(data.get("retry_catches", {})).items()},
            {_str(n): _str(name) for n, name in _dict(data.get("status_agents", {})).items()},
            {
                _str(n): (_int(_list(v, 4)[0]), _int(v[1]), _str(v[2]), _str(v[3]))
                for n, v in _dict(data.get("status_verdicts", {})).items()
            },
        )


def _graph_data(graph: Mapping[str, Any]) -> dict[str, Any]:
    """Call-graph facts as JSON-ready data: a call's details are `[]` when it has none."""
    functions = {
        name: {**facts, "calls": [_call_data(call) for call in facts.get("calls", ())]}
        for name, facts in graph.get("functions", {}).items()
    }
    return {**graph, "functions": functions} if functions else dict(graph)


def _call_data(call: CallFacts) -> list[Any]:
    return [*call[:-1], [] if call.details == NO_DETAILS else call.details]


def _graph(data: dict[str, Any]) -> dict[str, Any]:
    """Call-graph facts read from JSON: each function's calls as `CallFacts` again."""
    functions = {
        name: {**_dict(facts), "calls": tuple(_call(c) for c in _list(facts.get("calls", [])))}
        for name, facts in _dict(data.get("functions", {})).items()
    }
    return {**data, "functions": functions} if functions else data


def _call(data: object) -> CallFacts:
    line, column, callee, arg_count, args, details = _list(data, len(CallFacts._fields))
    given = _sequence(details)
    made = CallDetails(*given) if given else NO_DETAILS
    return CallFacts(_int(line), _int(column), callee, _int(arg_count), _sequence(args), made)


def _sequence(value: object) -> tuple[Any, ...]:
    """A list read from JSON (or, not through it, the tuple it was) as a tuple."""
    if not isinstance(value, list | tuple):
        raise TypeError(f"expected a list, not {type(value).__name__}")
    return tuple(value)


def _str(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(f"expected a string, not {type(value).__name__}")
    return value


def _int(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"expected an integer, not {type(value).__name__}")
    return value


def _optional_int(value: object) -> int | None:
    return None if value is None else _int(value)


def _dict(value: object) -> dict[Any, Any]:
    if not isinstance(value, dict):
        raise TypeError(f"expected an object, not {type(value).__name__}")
    return value


def _list(value: object, length: int | None = None) -> list[Any]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise TypeError("expected a list" + (f" of {length}" if length is not None else ""))
    return value


def _int_pair(value: object) -> tuple[int, int]:
    first, second = _list(value, 2)
    return _int(first), _int(second)


def _pairs(tests: object) -> tuple[tuple[str, str], ...]:
    return tuple((_str(_list(t, 2)[0]), _str(t[1])) for t in _list(tests))


def _retried_use(data: object) -> RetriedUse:
    use = _dict(data)
    if not set(use) <= set(RetriedUse._fields):
        raise TypeError("unknown fields in a retried use")
    unlimited = use.get("unlimited", False)
    if not isinstance(unlimited, bool):
        raise TypeError("expected a boolean")
    return RetriedUse(
        _str(use["module"]),
        _str(use["name"]),
        _int(use["line"]),
        _int(use["column"]),
        _str(use["label"]),
        _optional_int(use["attempts"]),
        _pairs(use.get("errors", [])),
        unlimited,
    )


# A call a script makes of a name it does not define (a function of a file it sources):
# the name, whether errexit is off there whatever is set (a condition, a `$(…)`),
# errexit, pipefail.
CallSite = tuple[str, bool, bool, bool]
Callback = tuple[str, str]  # a script's function, and the command its last statement runs


class Sourcers(NamedTuple):
    """What the tree's scripts that source a file give it (`auditor.shell.sourcing`): the
    options every one of them has where it sources it, and their calls of names it may
    define (its functions run with the options of those calls)."""

    errexit: bool = False
    pipefail: bool = False
    calls: tuple[CallSite, ...] = ()
    # the other files they source, from its folder: defined where its functions are called
    siblings: tuple[str, ...] = ()
    # their functions that end by running a command they do not define, and that command
    # (`run_iteration` ending with `run_shared_iteration …`, a function of the file): a
    # call of such a function in the file runs what that command runs
    callbacks: tuple[Callback, ...] = ()
    # its functions whose every call by those scripts has its output examined: a run
    # whose output is such a function's is judged by its callers
    judged: tuple[str, ...] = ()


class ProjectIndex(NamedTuple):
    """Summaries of every Python module and the shell scripts that run an agent."""

    python: Mapping[str, PythonSummary] = _EMPTY  # module name -> summary
    agent_scripts: frozenset[str] = frozenset()  # display paths of scripts that run an agent
    module_paths: frozenset[str] = frozenset()  # display paths of the summarised modules
    # files other scripts of the tree source -> what those scripts give them
    sourced_by: Mapping[str, Sourcers] = _EMPTY

    def launch_calls(self) -> tuple[tuple[str, str], ...]:
        """(`name(`, module tail) for every function of the tree whose parameter reaches a
        process launch: a file that calls one (naming its module, to import it) may launch
        an agent without a process call of its own."""
        pairs = {
            (f"{qualname.rsplit('.', 1)[-1]}(", module.rsplit(".", 1)[-1])
            for module, summary in self.python.items()
            for qualname in summary.launch_parameters
        }
        return tuple(sorted(pairs))

    def runs_agent(self, path: str) -> bool:
        """Whether a script path (as a unit's `ExecStart` names it) is a script of the tree
        that runs an agent: matched on the path's trailing components."""
        return names_script(path, self.agent_scripts)


def module_name(path: Path, top: Path | None = None) -> str:
    """The dotted module name of a Python file, from its package directories: also the
    namespace folders (no `__init__.py`) between the file and a package folder below
    `top` (the real path of the audited folder it was found under), which imports name
    as part of the package (`pkg/llm/openai/chat.py` under `pkg/__init__.py` is
    `pkg.llm.openai.chat`, not an `openai.chat` taken for the SDK's). The audited folder
    itself is no such folder: what is above it is not read."""
    parts = [path.stem] if path.stem != "__init__" else []
    gap: list[str] = []  # namespace folders, kept if a package folder is above them
    directory = path.parent
    below = _depth_below(directory, top) if top is not None else 0
    while True:
        if (directory / "__init__.py").is_file():
            parts[:0] = [directory.name, *gap]
            gap = []
        elif below > 0:
            gap.insert(0, directory.name)
        else:
            break
        if directory.parent == directory:
            break
        directory, below = directory.parent, below - 1
    return ".".join(parts) or path.stem


def _depth_below(directory: Path, top: Path) -> int:
    """How many folders up from `directory` stay inside `top` (a real path), as the
    folder's real path says (one reached through a link in the audited path is inside
    it): 0 for `top` itself or a folder outside it."""
    real = Path(os.path.realpath(directory))
    return len(real.relative_to(top).parts) if real.is_relative_to(top) else 0


def module_names(paths: Iterable[tuple[Path, Path | None]]) -> dict[Path, str]:
    """The dotted names of Python files (`module_name`), told apart where two would
    share one: a module of a namespace folder or of a folder of scripts (no
    `__init__.py`) takes the names of the folders above it until its name is its own
    (`openAI.generator` beside `anthropic.generator`). Imports still find them: a name
    the index does not hold stands for the modules whose path ends with it."""
    names = {path: module_name(path, top) for path, top in paths}
    shared: dict[str, list[Path]] = {}
    for path, name in names.items():
        shared.setdefault(name, []).append(path)
    for name, group in shared.items():
        if len(group) < 2:
            continue
        # the folders the name has (a package's `__init__.py` is named by its folder):
        # those above come next
        above = {
            p: [d.name for d in p.parents if d.name][name.count(".") + (p.stem == "__init__") :]
            for p in group
        }
        longer = {p: name for p in group}
        for extra in range(1, max(len(folders) for folders in above.values()) + 1):
            longer = {p: ".".join([*reversed(above[p][:extra]), name]) for p in group}
            if len(set(longer.values())) == len(group):
                break
        names.update(longer)  # every one of them as long: none keeps the bare name
    return names


def merge(
    summaries: Iterable[tuple[str, PythonSummary]],
    scripts: Iterable[str],
    sourced: Mapping[str, Sourcers] = _EMPTY,
) -> ProjectIndex:
    """An index from per-file results (later modules of the same name are dropped)."""
    python: dict[str, PythonSummary] = {}
    paths: set[str] = set()
    for name, summary in summaries:
        if name not in python:  # the modules the index keeps, and their paths
            python[name] = summary
            paths.add(summary.path)
    return ProjectIndex(python, frozenset(scripts), frozenset(paths), dict(sourced))
