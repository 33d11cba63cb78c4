"""Calls of a sourced library's functions whose body runs a command held in variables
the library leaves to the script that sources it.

A library is walked once on its own (`model._walk_library`), so a command of its body
built from a variable the sourcing script sets later (`run_agent() { cat "$1" | eval
"$AGENT_CMD"; }`, with `AGENT_CMD` set after `source lib/agent.sh`) is unknown there.
At a call in the sourcing script, the body's commands that read variables are looked at
again with the values of that call; a body that then runs an agent is summarised with
it, as the script's own functions are. Each function is looked at once per distinct
values of the variables its commands read.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from auditor.shell.commands import SimpleCommand
from auditor.shell.functions import FunctionSummary, summarize_function
from auditor.shell.words import ALTERNATIVES_SUFFIX, Env

if TYPE_CHECKING:
    from auditor.shell.model import ShellScript

_VARIABLE = re.compile(r"\$\{?([A-Za-z_]\w*)")


class LibraryCalls:
    """The summaries calls of the libraries' functions give, with the caller's values."""

    def __init__(self) -> None:
        self._seen: set[tuple[str, tuple[tuple[str, object], ...]]] = set()
        # (library, function) -> its commands, those that read variables, the variables
        self._bodies: dict[tuple[int, str], tuple[list[SimpleCommand], ...]] = {}
        self._names: dict[tuple[int, str], tuple[str, ...]] = {}
        self._joined = 0  # how many libraries `_owners` was gathered from
        self._owners: dict[str, ShellScript] = {}  # function name -> its library

    def owner(self, name: str, libraries: list[ShellScript]) -> ShellScript | None:
        """The last joined library that defines function `name` (every command of the
        script asks: the names are gathered again only when a library joins)."""
        if len(libraries) != self._joined:
            self._joined = len(libraries)
            self._owners = {n: lib for lib in libraries for n in lib.functions}
        return self._owners.get(name)

    def _read(
        self, library: ShellScript, name: str
    ) -> tuple[list[SimpleCommand], list[SimpleCommand], tuple[str, ...]]:
        """A library function's commands, those of them that read variables (and run no
        agent as it stands), and the variables they read; read once."""
        key = (id(library), name)
        if key not in self._bodies:
            inside = library.inside(library.functions[name])
            texts = {id(c): library.parsed.node_text(c.node) for c in inside if c.agent is None}
            dynamic = [c for c in inside if "$" in texts.get(id(c), "")]
            self._bodies[key] = (inside, dynamic)
            found = {n for c in dynamic for n in _VARIABLE.findall(texts[id(c)])}
            self._names[key] = tuple(sorted(found))
        inside, dynamic = self._bodies[key]
        return inside, dynamic, self._names[key]

    def summary(
        self,
        name: str,
        env: Env,
        libraries: list[ShellScript],
        summaries: Mapping[str, FunctionSummary],
    ) -> FunctionSummary | None:
        """The summary of library function `name` as a call with `env` runs it, when its
        body runs an agent only with these values; None otherwise."""
        known = summaries.get(name)
        if known is not None and (known.agent is not None or known.forwards):
            return None
        library = self.owner(name, libraries)
        if library is None:
            return None
        definition = library.functions[name]
        inside, dynamic, names = self._read(library, name)
        if not dynamic:
            return None
        key = (name, tuple((n, _held(env, n)) for n in names))
        if key in self._seen:
            return None
        self._seen.add(key)
        found = {id(c): library.agent_command(c.node, env) for c in dynamic}
        if not any(found.values()):
            return None
        commands = [found.get(id(c)) or c for c in inside]
        status_of = library.status_kept
        return summarize_function(
            name, definition, commands, library.parsed, status_of, summaries, library.held_codes
        )


def _held(env: Env, name: str) -> object:
    """What a variable holds here: its value and the values of its other paths."""
    return (env.get(name), env.get(name + ALTERNATIVES_SUFFIX))
