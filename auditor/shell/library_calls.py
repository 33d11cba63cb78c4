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

from auditor.shell.functions import FunctionSummary, summarize_function
from auditor.shell.words import ALTERNATIVES_SUFFIX, Env

if TYPE_CHECKING:
    from auditor.shell.model import ShellScript

_VARIABLE = re.compile(r"\$\{?([A-Za-z_]\w*)")


class LibraryCalls:
    """The summaries calls of the libraries' functions give, with the caller's values."""

    def __init__(self) -> None:
        self._seen: set[tuple[str, tuple[tuple[str, object], ...]]] = set()

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
        library = next((lib for lib in reversed(libraries) if name in lib.functions), None)
        if library is None:
            return None
        definition = library.functions[name]
        inside = library.inside(definition)
        dynamic = [c for c in inside if c.agent is None and "$" in library.parsed.node_text(c.node)]
        if not dynamic:
            return None
        names = sorted(
            {n for c in dynamic for n in _VARIABLE.findall(library.parsed.node_text(c.node))}
        )
        key = (name, tuple((n, _held(env, n)) for n in names))
        if key in self._seen:
            return None
        self._seen.add(key)
        found = {id(c): library.agent_command(c.node, env) for c in dynamic}
        if not any(found.values()):
            return None
        commands = [found.get(id(c)) or c for c in inside]
        status_of = library.status_kept
        return summarize_function(name, definition, commands, library.parsed, status_of, summaries)


def _held(env: Env, name: str) -> object:
    """What a variable holds here: its value and the values of its other paths."""
    return (env.get(name), env.get(name + ALTERNATIVES_SUFFIX))
