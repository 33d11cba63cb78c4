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
    # what it retries: (kind, value) error tests (`auditor.python.error_tests`); none: all
    errors: tuple[tuple[str, str], ...] = ()
    unlimited: bool = False  # a loop with no attempt limit (`while True`)


class LaunchParameter(NamedTuple):
    """A parameter of a function that reaches a process launch in its body
    (`def run_command(cmd): return subprocess.run(cmd)`): a call of the function
    launches whatever it is given there."""

    name: str
    position: int  # among a call's positional arguments (`self` not counted); -1: keyword-only
    form: str  # "argv": a list of words (also spread as `*cmd`); "shell": a command string
    launch: str  # the launching call's qualified name (`subprocess.run`)
    # what the function does with the status: "returned" (in some form, see
    # `PythonSummary.returns`), "read" (it checks or reads it), "dropped"
    status: str


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
    # on success), "success@N" (item N of a returned tuple is true on success)
    returns: Mapping[str, str] = _EMPTY
    # top-level classes -> their bases, qualified through the module's imports
    class_bases: Mapping[str, tuple[str, ...]] = _EMPTY
    # the module's facts for the project call graph (auditor/python/graph_facts.py)
    graph: Mapping[str, Any] = _EMPTY

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
                name: list(parameter) for name, parameter in self.launch_parameters.items()
            },
            "returns": dict(self.returns),
            "class_bases": {name: list(bases) for name, bases in self.class_bases.items()},
            "graph": dict(self.graph),
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> PythonSummary:
        """The summary `to_data` described (KeyError or TypeError if it is not one)."""
        return cls(
            data["path"],
            {name: (place[0], place[1]) for name, place in data["launchers"].items()},
            dict(data["retry_decorators"]),
            dict(data["constants"]),
            tuple(_retried_use(use) for use in data["retried_imports"]),
            frozenset(data["retry_helpers"]),
            {name: _pairs(tests) for name, tests in data.get("retry_errors", {}).items()},
            {name: (str(p[0]), int(p[1])) for name, p in data.get("retry_parameters", {}).items()},
            {
                name: LaunchParameter(str(p[0]), int(p[1]), str(p[2]), str(p[3]), str(p[4]))
                for name, p in data.get("launch_parameters", {}).items()
            },
            {str(name): str(kind) for name, kind in data.get("returns", {}).items()},
            {
                str(name): tuple(map(str, bases))
                for name, bases in data.get("class_bases", {}).items()
            },
            dict(data.get("graph", {})),
        )


def _pairs(tests: list[list[str]]) -> tuple[tuple[str, str], ...]:
    return tuple((str(kind), str(value)) for kind, value in tests)


def _retried_use(data: dict[str, Any]) -> RetriedUse:
    return RetriedUse(**{**data, "errors": _pairs(data.get("errors", []))})


class ProjectIndex(NamedTuple):
    """Summaries of every Python module and the shell scripts that run an agent."""

    python: Mapping[str, PythonSummary] = _EMPTY  # module name -> summary
    agent_scripts: frozenset[str] = frozenset()  # display paths of scripts that run an agent

    def digest(self) -> str:
        """A stable hash of the index, for cache keys."""
        data = {
            "python": {name: summary.to_data() for name, summary in sorted(self.python.items())},
            "agent_scripts": sorted(self.agent_scripts),
        }
        import hashlib
        import json

        text = json.dumps(data, sort_keys=True)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

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
        parts = [p for p in path.replace(os.sep, "/").split("/") if p and p != "."]
        for script in self.agent_scripts:
            theirs = script.split("/")
            shared = min(len(parts), len(theirs), 2)
            if shared and parts[-shared:] == theirs[-shared:]:
                return True
        return False


def module_name(path: Path) -> str:
    """The dotted module name of a Python file, from its package directories."""
    parts = [path.stem] if path.stem != "__init__" else []
    directory = path.parent
    while (directory / "__init__.py").is_file():
        parts.insert(0, directory.name)
        if directory.parent == directory:
            break
        directory = directory.parent
    return ".".join(parts) or path.stem


def merge(summaries: Iterable[tuple[str, PythonSummary]], scripts: Iterable[str]) -> ProjectIndex:
    """An index from per-file results (later modules of the same name are dropped)."""
    python: dict[str, PythonSummary] = {}
    for name, summary in summaries:
        python.setdefault(name, summary)
    return ProjectIndex(python, frozenset(scripts))
