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
from typing import TYPE_CHECKING

from auditor.profiles import AgentCatalog
from auditor.project import Callback, CallSite, Sourcers
from auditor.shell.commands import MESSAGE_COMMANDS, NO_EFFECT_BUILTINS
from auditor.shell.includes import NEAREST, nearest_files
from auditor.shell.options import ShellOptions
from auditor.shell.parse import Node
from auditor.shell.source_sets import is_pattern, pattern_targets
from auditor.timebound import FileTimeout, time_bound

if TYPE_CHECKING:
    from auditor.shell.model import ShellScript

# Scripts worth a model: they source a file (`source lib.sh`, `. "$DIR/x.sh"`, `.
# ~/.profile`), not a line of a jq program in a string (`. as $all`).
_SOURCES = re.compile(
    r"(?m)(?:^|[;&|({!`]|\b(?:then|do|else))[ \t]*(?:source|\.)[ \t]+[\"']?"
    r"(?:[$~]|[\w.-]*/|[\w.-]*\.(?:sh|bash|zsh|env|conf|cfg|inc|rc)\b)"
)
_FUNCTION_NAME = re.compile(r"[A-Za-z_][\w:.-]*")
# `[[ "${BASH_SOURCE[0]}" == "$0" ]]` (either side first, `=` or `==`): run, not sourced
_GUARD_TEST = (
    r'(?:\$\{?BASH_SOURCE(?:\[0\])?\}?"?\s*==?\s*"?\$\{?0\}?(?![\w}])"?'
    r'|\$\{?0\}?"?\s*==?\s*"?\$\{?BASH_SOURCE(?:\[0\])?\}?"?)'
)
_MAIN_GUARD = re.compile(_GUARD_TEST)
# The same guard whose branch only says so and exits (`then echo "source me" >&2; exit 1;
# fi`, `&& { …; exit 1; }`, `&& exit 1`): a library that refuses to run on its own. A
# message that runs a command (`echo "$(main)"`) is no refusal.
_REFUSES_TO_RUN = re.compile(
    _GUARD_TEST + r"\s*\]\]?\s*(?:;\s*then|&&\s*\{?)\s*"
    r"(?:(?:#[^\n]*|(?:>&2\s+)?(?:echo|printf)\b(?:[^\n;&|$`]|>&|\$(?!\())*)\s*(?:[;\n]|&&)\s*)*"
    r"exit\b"
)
MAX_CALLED = 256  # names a script calls that it does not define: more are left out
MAX_SIBLINGS = 16  # other files its sourcers source, given to a sourced file

# What a script sources: (the path relative to its folder, errexit, pipefail there).
Sourcing = list[tuple[str, bool, bool]]


def may_source(text: str) -> bool:
    """Whether a script may source a file (else it gives none anything): a `source` or `.`
    of a path, at a line's start or after an operator (`[[ -f "$LIB" ]] && source "$LIB"`)."""
    return bool(_SOURCES.search(text))


def script_sourcing(
    text: str, catalog: AgentCatalog, timeout: float
) -> tuple[Sourcing, list[CallSite], list[Callback], list[str]]:
    """The files a script sources and the options it has at each, its calls of names it
    does not define, its functions that end by running such a name, and the names whose
    every call here has its output examined (`judged_calls`); none for a script too deep
    or too costly to read: its own audit says why."""
    from auditor.shell.model import ShellScript  # only for a script that needs one
    from auditor.shell.status import in_condition
    from auditor.unit import NotAudited
    from auditor.value_budget import value_budget

    try:
        with time_bound(timeout), value_budget():
            script = ShellScript.build(text, catalog)
            sourcing = [(p, o.errexit, o.pipefail) for p, o in script.sourcing]
            judged = judged_calls(script) if sourcing else []
    except (FileTimeout, RecursionError, NotAudited):
        return [], [], [], []
    if not sourcing:
        return [], [], [], []
    calls: set[CallSite] = set()
    for command in script.commands:
        name = command.command_name
        if not name or name in script.functions or not _FUNCTION_NAME.fullmatch(name):
            continue
        options = script.options_at(command.node)
        # errexit is off in a condition, and in a `$(…)` unless `inherit_errexit` (and
        # then still in one whose command is a condition), whatever the sourced file's
        # own top level sets
        substitution = _substitution(command.node)
        unchecked = in_condition(command.node) or (
            substitution is not None
            and substitution.parent is not None
            and (not options.inherit_errexit or in_condition(substitution.parent))
        )
        calls.add((name, unchecked, options.errexit, options.pipefail))
    called = {name for name, *_ in calls}
    callbacks = sorted(
        (name, last)
        for name in script.functions
        if (last := script.last_command(name)) is not None and last in called
    )
    return sourcing, sorted(calls)[:MAX_CALLED], callbacks[:MAX_CALLED], judged


def judged_calls(script: ShellScript) -> list[str]:
    """The names a script calls but does not define (a sourced library's functions) whose
    every call here has its output captured and examined (`out=$(invoke …)`, then `grep
    -q COMPLETE <<<"$out"`): an agent run whose output is such a function's is judged
    by it, where the library is audited on its own."""
    from auditor.shell.examined import EXAMINING
    from auditor.shell.output import output_examined
    from auditor.shell.output_words import PARTS

    programs = EXAMINING | PARTS | MESSAGE_COMMANDS | NO_EFFECT_BUILTINS  # never a library's
    judged: dict[str, bool] = {}
    for command in script.commands:
        name = command.command_name
        if not name or name in script.functions or not _FUNCTION_NAME.fullmatch(name):
            continue
        if name in programs or judged.get(name) is False:
            continue  # (one call that throws its output away decides it)
        if len(judged) >= MAX_CALLED and name not in judged:
            continue
        judged[name] = output_examined(script, command)
    return sorted(name for name, examined in judged.items() if examined)


def _substitution(node: Node) -> Node | None:
    """The outermost `$(…)` a command runs in, in its function (or at the top level)."""
    found, current = None, node.parent
    while current is not None and current.type not in ("function_definition", "program"):
        if current.type == "command_substitution":
            found = current
        current = current.parent
    return found


def sourced_by(
    scripts: Iterable[tuple[str, Sourcing, Iterable[CallSite], Iterable[Callback]]],
    files: frozenset[str],
) -> dict[str, Sourcers]:
    """For each of `files` (display paths) that `scripts` (display path, what it sources,
    its calls) source: the options every one of them has on there, and their calls; a
    file none of them gives an option or a call is left out. A script that is sourced in
    turn has the options its own sourcers give it (`auditor.sh` sets pipefail and sources
    `lib/run.sh`, which sources `lib/common.sh` and calls its functions): a worklist over
    the sourcing graph. What a file is given only grows (errexit and pipefail turn on,
    never off), so each file changes at most twice, and a change sends only the files
    its script sources round again: linear in the sourcing edges. Their callbacks (a
    function of theirs that ends by running a name it does not define) go with them,
    down the chain too."""
    into: dict[str, list[tuple[str, bool, bool, tuple[CallSite, ...]]]] = {}
    callbacks: dict[str, set[Callback]] = {}
    sources: dict[str, list[str]] = {}  # a script's targets among `files`
    siblings: dict[str, set[str]] = {}
    by_folder = _by_folder(files)  # for the patterns (`source_sets`)
    for display, sourcing, called, ending in scripts:
        targets = _script_targets(display, sourcing, by_folder, files)
        held = [target for target, _, _ in targets if target in files]
        sources.setdefault(display, []).extend(held)
        calls = tuple(called)
        for target, errexit, pipefail in targets:
            if target not in files:
                continue
            into.setdefault(target, []).append((display, errexit, pipefail, calls))
            callbacks.setdefault(target, set()).update(ending)
            siblings.setdefault(target, set()).update(
                posixpath.relpath(other, posixpath.dirname(target) or ".")
                for other in held
                if other != target
            )
    given: dict[str, Sourcers] = {}
    pending = list(into)
    while pending:
        target = pending.pop()
        found = _given(into[target], sorted(siblings[target]), given)
        ending = callbacks[target].union(
            *(given.get(s, Sourcers()).callbacks for s, *_ in into[target])
        )
        found = found._replace(callbacks=_agreed(ending)[:MAX_CALLED])
        if found == given.get(target, Sourcers()):
            continue
        given[target] = found
        pending.extend(sources.get(target, ()))
    return {target: sourcers for target, sourcers in given.items() if any(sourcers)}


def _by_folder(files: frozenset[str]) -> dict[str, list[str]]:
    """A run's files (display paths) grouped by folder, for the patterns (`source_sets`)."""
    found: dict[str, list[str]] = {}
    for file in files:
        folder, _, name = file.rpartition("/")
        found.setdefault(folder, []).append(name)
    return found


def _script_targets(
    display: str, sourcing: Sourcing, by_folder: Mapping[str, list[str]], files: frozenset[str]
) -> list[tuple[str, bool, bool]]:
    """The files of the run the script at `display` sources, with its options at each;
    not the script itself where a pattern matches it (`"$ROOT/bin/$x.sh"`)."""
    folder = posixpath.dirname(display)
    return [
        (target, errexit, pipefail)
        for path, errexit, pipefail in sourcing
        for target in _targets(folder, path, by_folder, files)
        if target != display or not (is_pattern(path) or path.startswith(NEAREST))
    ]


def _targets(
    folder: str, written: str, by_folder: Mapping[str, list[str]], files: frozenset[str]
) -> list[str]:
    """The files of the run a path sourced by a script in `folder` names: itself, each a
    pattern matches, or the rest of a path behind a variable (`NEAREST`) in the nearest
    folder above that holds it."""
    if written.startswith(NEAREST):
        return nearest_files(folder, written.removeprefix(NEAREST), files, by_folder)
    path = posixpath.normpath(posixpath.join(folder, written))
    return pattern_targets(path, by_folder) if is_pattern(path) else [path]


def judged_by_sourcers(
    given: Mapping[str, Sourcers],
    scripts: Iterable[tuple[str, Sourcing, Iterable[CallSite], Iterable[str]]],
    files: frozenset[str],
) -> dict[str, Sourcers]:
    """`given` (`sourced_by`'s result), each file with the names of functions that every
    script sourcing it judges by output where it calls them (`judged_calls`): a name one
    of them calls without examining what it prints is none of them."""
    by_folder = _by_folder(files)
    judged: dict[str, set[str]] = {}
    unjudged: dict[str, set[str]] = {}
    for display, sourcing, called, examined in scripts:
        kept = set(examined)
        others = {site[0] for site in called} - kept
        for target, _, _ in _script_targets(display, sourcing, by_folder, files):
            judged.setdefault(target, set()).update(kept)
            unjudged.setdefault(target, set()).update(others)
    return {
        target: sourcers._replace(
            judged=tuple(sorted(judged.get(target, set()) - unjudged.get(target, set())))
        )
        for target, sourcers in given.items()
    }


def _agreed(callbacks: Iterable[Callback]) -> tuple[Callback, ...]:
    """The callbacks whose function every sourcer that defines it ends the same way (one
    that ends in different names in different scripts is none of them)."""
    endings: dict[str, set[str]] = {}
    for name, last in callbacks:
        endings.setdefault(name, set()).add(last)
    return tuple(sorted((name, min(lasts)) for name, lasts in endings.items() if len(lasts) == 1))


def _given(
    edges: list[tuple[str, bool, bool, tuple[CallSite, ...]]],
    siblings: list[str],
    given: Mapping[str, Sourcers],
) -> Sourcers:
    """What a file is given by the scripts that source it (`edges`: each script, its
    options there and its calls), each script's options raised by what it is given; and
    the calls those scripts are given in turn (a library sourced through another is
    called by the script at the top)."""
    options: list[tuple[bool, bool]] = []
    calls: set[CallSite] = set()
    for display, errexit, pipefail, called in edges:
        own = given.get(display, Sourcers())
        options.append((errexit or own.errexit, pipefail or own.pipefail))
        calls.update((n, c, e or own.errexit, p or own.pipefail) for n, c, e, p in called)
        calls.update(own.calls)
    return Sourcers(
        all(e for e, _ in options),
        all(p for _, p in options),
        tuple(sorted(calls))[:MAX_CALLED],
        tuple(siblings[:MAX_SIBLINGS]),
    )


def initial_options(
    sourced: Mapping[str, Sourcers], display: str, own: ShellOptions, text: str = ""
) -> ShellOptions | None:
    """The options a file's audit starts from: its shebang's (`own`), with those that
    every script sourcing it has on (None: only its own). A file that also runs as a
    script of its own (`text` has a main guard, `[[ "${BASH_SOURCE[0]}" == "$0" ]]`,
    that does not just refuse to run and exit) starts from its own: run so, it has no
    sourcer's options."""
    held = sourced.get(display)
    if held is None or not (held.errexit or held.pipefail):
        return None
    if _MAIN_GUARD.search(text) and not _REFUSES_TO_RUN.search(text):
        return None
    errexit, pipefail = held.errexit, held.pipefail
    return own._replace(errexit=own.errexit or errexit, pipefail=own.pipefail or pipefail)
