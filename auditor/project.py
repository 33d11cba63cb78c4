"""What a run knows about the whole audited tree before it audits any file.

Some findings need another file: a retry loop in one module around an agent
launcher defined in another, a `max_retries` constant imported from a
sibling module, a systemd unit whose `ExecStart` runs a script of the tree.
A cheap pre-pass (stdlib `ast` for Python, a text scan for shell; never
libcst, never executing anything) summarises each file once; every file's
audit then reads the summaries. The index is data only, so it can be sent
to worker processes and hashed into cache keys.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class RetriedUse:
    """A name imported from another module, used under a retry decorator."""

    module: str  # the module the name comes from
    name: str
    line: int  # where it is used (1-based line and column)
    column: int
    label: str  # the retry construct: "`@on_exception`"
    attempts: int | None


@dataclass(frozen=True)
class PythonSummary:
    """The cross-module facts of one Python module."""

    path: str  # display path, for related locations
    # function or method qualified name ("execute_gptme", "Runner.run") -> (line, column)
    launchers: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    # retry decorators written in the module: name -> attempts if known (None if not)
    retry_decorators: Mapping[str, int | None] = field(default_factory=dict)
    # module-level integer constants: name -> value
    constants: Mapping[str, int] = field(default_factory=dict)
    # imported names this module uses under a retry decorator
    retried_imports: tuple[RetriedUse, ...] = ()


@dataclass(frozen=True)
class ProjectIndex:
    """Summaries of every Python module and the shell scripts that run an agent."""

    python: Mapping[str, PythonSummary] = field(default_factory=dict)  # module name -> summary
    agent_scripts: frozenset[str] = frozenset()  # display paths of scripts that run an agent

    def digest(self) -> str:
        """A stable hash of the index, for cache keys."""
        data = {
            "python": {name: asdict(summary) for name, summary in sorted(self.python.items())},
            "agent_scripts": sorted(self.agent_scripts),
        }
        import hashlib
        import json

        text = json.dumps(data, sort_keys=True, default=list)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

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
