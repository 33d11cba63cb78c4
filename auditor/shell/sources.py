"""The files shell scripts source (`source FILE`, `. FILE`), for `--verbose`.

runaudit audits each file on its own: a sourced library is audited where it
lies, and the options it sets (`set -o pipefail`) are not carried into the
script that sources it (its functions and variables are, when the file is found
inside the tree: see `includes`). The notes say which files that concerns, so a reader
of a clean report knows what was and was not looked at together.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from pathlib import Path

from auditor.config_file import display_path
from auditor.discover import Candidate, RefusedFile, read_bounded
from auditor.finding import Note
from auditor.kinds import FileKind
from auditor.profiles import AgentCatalog, load_catalog
from auditor.shell.includes import NEAREST, above, climbs, directive_source, variable_prefixed
from auditor.shell.model import ShellScript
from auditor.shell.source_sets import is_pattern
from auditor.source import decode
from auditor.value_budget import value_budget


def sourced_notes(
    candidates: Sequence[Candidate], max_file_size: int, search: Sequence[Path] = ()
) -> list[Note]:
    """A note for each `source`/`.` command of the shell scripts among `candidates`
    (`search`: the `--source-path` folders)."""
    audited = {os.path.realpath(candidate.path) for candidate in candidates}
    catalog = load_catalog()  # only command words are read: the agent profiles do not matter
    notes: list[Note] = []
    for candidate in candidates:
        if candidate.kind is not FileKind.SHELL:
            continue
        try:
            data = read_bounded(candidate.path, max_file_size)
        except (OSError, RefusedFile):
            continue  # the audit reports why
        text = decode(candidate.display, data, "utf-8").text
        if not any(word in text for word in ("source", ". ")):
            continue
        for written, path, directed in _sourced(text, catalog):
            if path is not None and path.startswith(NEAREST):  # what a variable holds
                tail = path.removeprefix(NEAREST)
                which = f"one of the files matching `{tail}`" if is_pattern(tail) else f"`{tail}`"
                note = f"sources `{written}`, {which} in the nearest folder above it that"
                note += " holds one (an audited shell file found there is given this"
                note += " script's functions and options)"
                notes.append(Note(candidate.display, note))
                continue
            root = _search_root(candidate, written, path, search)
            tail = _nearest_tail(candidate, written, path, directed)
            folder = _folder_above(candidate, tail) if root is None and tail else None
            if root is not None:
                shown = display_path(root)
                note = f"sources `{written}`, found under --source-path `{shown}`"
            elif folder is not None:
                shown = display_path(folder)
                note = f"sources `{written}`, read from `{shown}`, the nearest folder above it"
                note += f" that holds `{tail}`"
            else:
                note = _describe(candidate, written, path, audited)
            notes.append(Note(candidate.display, note))
    return notes


def _sourced(text: str, catalog: AgentCatalog) -> Iterator[tuple[str, str | None, bool]]:
    """Each sourced file as written, with its path when it is known statically (a
    pattern for a set of files: `lib/*.sh`), and whether a `source=` directive gave it."""
    with value_budget():  # the values the audit's model affords
        script = ShellScript.build(text, catalog)
    for command in script.commands:
        index = command.sourced_index
        node = command.word_nodes[index] if index is not None else None
        if index is None or node is None:
            continue
        # resolved as the model resolves it (`$(dirname "$0")/lib/x.sh`, `$SCRIPT_DIR/x.sh`,
        # `lib/*.sh`), else the word's value as the model expands it (`/etc/profile`)
        directed = directive_source(script.parsed.text, node.start_point[0]) is not None
        for path in script.source_paths(node) or (command.argv[index],):
            yield script.parsed.node_text(node), path, directed


def _search_root(
    candidate: Candidate, written: str, path: str | None, search: Sequence[Path]
) -> Path | None:
    """The `--source-path` folder the model reads this source from, as `SourcedFiles` looks:
    a name not beside the script, or the rest of a path behind one variable."""
    if not search:
        return None
    beside = (
        path is not None
        and not os.path.isabs(path)
        and os.path.lexists(os.path.join(os.path.dirname(candidate.path), path))
    )
    if beside:
        return None
    tail = variable_prefixed(written)
    name = tail if tail is not None else path
    if name is None or os.path.isabs(name):
        return None
    return next((root for root in search if os.path.lexists(root / name)), None)


def _nearest_tail(candidate: Candidate, written: str, path: str | None, directed: bool) -> str:
    """The path looked for in the nearest folder above the script that holds it: the rest
    of a path behind a variable (`$ROOT/lib/x.sh`), or a literal relative path (or a
    `source=` directive's) that is not beside the script (`ShellScript._climbs`); "" for
    none."""
    if path is None:
        return variable_prefixed(written) or ""
    beside = os.path.lexists(os.path.join(os.path.dirname(candidate.path), path))
    literal = directed or not any(c in written for c in "$`")
    return path if climbs(path) and literal and not beside else ""


def _folder_above(candidate: Candidate, tail: str) -> Path | None:
    """The nearest folder above the script, inside its root, that holds `tail` (as
    `SourcedFiles` reads it)."""
    script = Path(os.path.realpath(candidate.path))
    root = Path(os.path.realpath(candidate.root if candidate.root is not None else script.parent))
    return above(script.parent, tail, root)


def _describe(candidate: Candidate, written: str, path: str | None, audited: set[str]) -> str:
    if path is None:
        return f"sources `{written}`, a path known only at run time; not audited with it"
    if is_pattern(path):
        return (
            f"sources `{written}`, each file matching `{path}` beside it (followed, and "
            "audited as files of their own)"
        )
    resolved = os.path.realpath(os.path.join(os.path.dirname(candidate.path), path))
    if resolved in audited:
        return (
            f"sources `{written}`, followed (its functions, variables and options hold after "
            "it) and audited as a file of its own"
        )
    return f"sources `{written}`, which is not among the audited files"
