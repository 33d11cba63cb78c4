"""What the scripts of the tree give the files of the tree they source.

A sourced file runs in the script's shell: `set -euo pipefail` in the script, then
`source lib/common.sh`, and the library's functions run with errexit and pipefail on.
The project index keeps, for each such file, the options every script that sources it
has there, and the file's own audit starts from them. A library's functions are called
by those scripts, not by the library: the index keeps the scripts' calls of names they
do not define, and each function of the library runs with the options of its calls
(errexit off in a condition), as a function of the script itself would.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable, Mapping

from auditor.profiles import AgentCatalog
from auditor.project import CallSite, Sourcers
from auditor.shell.options import ShellOptions
from auditor.timebound import FileTimeout, time_bound

# Scripts worth a model: they source a file (`source lib.sh`, `. "$DIR/x.sh"`, `.
# ~/.profile`), not a line of a jq program in a string (`. as $all`).
_SOURCES = re.compile(
    r"(?m)^[ \t]*(?:source|\.)[ \t]+[\"']?"
    r"(?:[$~]|[\w.-]*/|[\w.-]*\.(?:sh|bash|zsh|env|conf|cfg|inc|rc)\b)"
)
_FUNCTION_NAME = re.compile(r"[A-Za-z_][\w:.-]*")
MAX_CALLED = 256  # names a script calls that it does not define: more are left out
MAX_SIBLINGS = 16  # other files its sourcers source, given to a sourced file

# What a script sources: (the path relative to its folder, errexit, pipefail there).
Sourcing = list[tuple[str, bool, bool]]


def may_source(text: str) -> bool:
    """Whether a script may source a file (else it gives none anything)."""
    return bool(_SOURCES.search(text))


def script_sourcing(
    text: str, catalog: AgentCatalog, timeout: float
) -> tuple[Sourcing, list[CallSite]]:
    """The files a script sources and the options it has at each, and its calls of names
    it does not define (none for a script too deep or too costly to read: its own audit
    says why)."""
    from auditor.shell.model import ShellScript  # only for a script that needs one
    from auditor.shell.status import in_condition
    from auditor.unit import NotAudited
    from auditor.value_budget import value_budget

    try:
        with time_bound(timeout), value_budget():
            script = ShellScript.build(text, catalog)
    except (FileTimeout, RecursionError, NotAudited):
        return [], []
    sourcing = [(path, options.errexit, options.pipefail) for path, options in script.sourcing]
    calls: set[CallSite] = set()
    for command in script.commands:
        name = command.command_name
        if not name or name in script.functions or not _FUNCTION_NAME.fullmatch(name):
            continue
        options = script.options_at(command.node)
        calls.add((name, in_condition(command.node), options.errexit, options.pipefail))
    return sourcing, sorted(calls)[:MAX_CALLED] if sourcing else []


def sourced_by(
    scripts: Iterable[tuple[str, Sourcing, Iterable[CallSite]]], files: frozenset[str]
) -> dict[str, Sourcers]:
    """For each of `files` (display paths) that `scripts` (display path, what it sources,
    its calls) source: the options every one of them has on there, and their calls; a
    file none of them gives an option or a call is left out. A script that is sourced in
    turn has the options its own sourcers give it (`auditor.sh` sets pipefail and sources
    `lib/run.sh`, which sources `lib/common.sh` and calls its functions): a fixpoint over
    the sourcing graph, each round linear in what the scripts source."""
    held = [(display, sourcing, tuple(called)) for display, sourcing, called in scripts]
    given: dict[str, Sourcers] = {}
    for _ in range(len(held) + 1):  # the options only grow: a round per step of a chain
        found = _sourced_round(held, files, given)
        if found == given:
            break
        given = found
    return given


def _sourced_round(
    scripts: Iterable[tuple[str, Sourcing, tuple[CallSite, ...]]],
    files: frozenset[str],
    given: Mapping[str, Sourcers],
) -> dict[str, Sourcers]:
    """`sourced_by` with each script's options raised by what `given` says it is given."""
    options: dict[str, list[tuple[bool, bool]]] = {}
    calls: dict[str, set[CallSite]] = {}
    siblings: dict[str, set[str]] = {}
    for display, sourcing, called in scripts:
        own = given.get(display, Sourcers())
        raised = {(n, c, e or own.errexit, p or own.pipefail) for n, c, e, p in called}
        folder = posixpath.dirname(display)
        targets = [posixpath.normpath(posixpath.join(folder, r)) for r, _, _ in sourcing]
        for target, (_, errexit, pipefail) in zip(targets, sourcing, strict=True):
            if target in files:
                at = (errexit or own.errexit, pipefail or own.pipefail)
                options.setdefault(target, []).append(at)
                calls.setdefault(target, set()).update(raised)
                siblings.setdefault(target, set()).update(
                    posixpath.relpath(other, posixpath.dirname(target) or ".")
                    for other in targets
                    if other != target and other in files
                )
    found = {
        target: Sourcers(
            all(e for e, _ in held),
            all(p for _, p in held),
            tuple(sorted(calls[target])),
            tuple(sorted(siblings[target])[:MAX_SIBLINGS]),
        )
        for target, held in options.items()
    }
    return {target: sourcers for target, sourcers in found.items() if any(sourcers)}


def initial_options(
    sourced: Mapping[str, Sourcers], display: str, own: ShellOptions
) -> ShellOptions | None:
    """The options a file's audit starts from: its shebang's (`own`), with those that
    every script sourcing it has on (None: only its own)."""
    held = sourced.get(display)
    if held is None or not (held.errexit or held.pipefail):
        return None
    errexit, pipefail = held.errexit, held.pipefail
    return own._replace(errexit=own.errexit or errexit, pipefail=own.pipefail or pipefail)
