"""The options a script of the tree has where it sources another file of the tree.

A sourced file runs in the script's shell: `set -euo pipefail` in the script, then
`source lib/common.sh`, and the library's functions run with errexit and pipefail on.
The project index keeps, for each such file, the options every script that sources it
has there, and the file's own audit starts from them.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable, Mapping

from auditor.profiles import AgentCatalog
from auditor.shell.options import ShellOptions
from auditor.timebound import FileTimeout, time_bound

# Scripts worth a model: they source a file and may turn an option on before.
_SOURCES = re.compile(r"(?m)^[ \t]*(?:source|\.)[ \t]+\S")
_SETS = re.compile(r"errexit|pipefail|\bset[ \t]+-[a-zA-Z]*e|^#!.*[ \t]-[a-zA-Z]*e", re.M)

# What a script sources: (the path relative to its folder, errexit, pipefail there).
Sourcing = list[tuple[str, bool, bool]]


def may_pass_options(text: str) -> bool:
    """Whether a script may source a file with an option on (else it passes none)."""
    return bool(_SOURCES.search(text) and _SETS.search(text))


def script_sourcing(text: str, catalog: AgentCatalog, timeout: float) -> Sourcing:
    """The files a script sources and the options it has at each (none for a script too
    deep or too costly to read: its own audit says why)."""
    from auditor.shell.model import ShellScript  # only for a script that needs one
    from auditor.unit import NotAudited
    from auditor.value_budget import value_budget

    try:
        with time_bound(timeout), value_budget():
            script = ShellScript.build(text, catalog)
    except (FileTimeout, RecursionError, NotAudited):
        return []
    return [(path, options.errexit, options.pipefail) for path, options in script.sourcing]


def sourced_options(
    scripts: Iterable[tuple[str, Sourcing]], files: frozenset[str]
) -> dict[str, tuple[bool, bool]]:
    """For each of `files` (display paths) that `scripts` (display path, what it sources)
    source: (errexit, pipefail) where every one of them has it on there; a file none
    turns an option on for is left out."""
    found: dict[str, list[tuple[bool, bool]]] = {}
    for display, sourcing in scripts:
        folder = posixpath.dirname(display)
        for relative, errexit, pipefail in sourcing:
            target = posixpath.normpath(posixpath.join(folder, relative))
            if target in files:
                found.setdefault(target, []).append((errexit, pipefail))
    combined = {
        target: (all(e for e, _ in held), all(p for _, p in held)) for target, held in found.items()
    }
    return {target: options for target, options in combined.items() if any(options)}


def initial_options(
    sourced: Mapping[str, tuple[bool, bool]], display: str, own: ShellOptions
) -> ShellOptions | None:
    """The options a file's audit starts from: its shebang's (`own`), with those that
    every script sourcing it has on (None: only its own)."""
    held = sourced.get(display)
    if held is None:
        return None
    errexit, pipefail = held
    return own._replace(errexit=own.errexit or errexit, pipefail=own.pipefail or pipefail)
