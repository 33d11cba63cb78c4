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


def sourcing_options(
    scripts: Iterable[tuple[str, str, AgentCatalog, float]], files: frozenset[str]
) -> dict[str, tuple[bool, bool]]:
    """For each of `files` (display paths) that scripts of `scripts` (display path, text,
    catalogue, time bound) source: (errexit, pipefail) where every one of them has it on
    there; a file none turns an option on for is left out."""
    found: dict[str, list[ShellOptions]] = {}
    for display, text, catalog, timeout in scripts:
        if not _SOURCES.search(text) or not _SETS.search(text):
            continue
        from auditor.shell.model import ShellScript  # only for a script that needs one
        from auditor.unit import NotAudited
        from auditor.value_budget import value_budget

        try:
            with time_bound(timeout), value_budget():
                script = ShellScript.build(text, catalog)
        except (FileTimeout, RecursionError, NotAudited):
            continue  # its own audit says why
        folder = posixpath.dirname(display)
        for relative, options in script.sourcing:
            target = posixpath.normpath(posixpath.join(folder, relative))
            if target in files:
                found.setdefault(target, []).append(options)
    return {
        target: (all(o.errexit for o in held), all(o.pipefail for o in held))
        for target, held in found.items()
        if all(o.errexit for o in held) or all(o.pipefail for o in held)
    }


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
