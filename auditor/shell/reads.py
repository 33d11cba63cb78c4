"""The variables a script reads: `$rc`, `${rc}`, `(( rc ))`, and those it exports to the
commands it runs (`export rc=0`), found once per script from its tree.

What RA101 asks of `agent | tee log || rc=$?`: whether anything reads `rc` afterwards.
A script that sources other files, or runs `set -a` (every variable exported), may have
its variables read out of its sight: then any may be read.
"""

from __future__ import annotations

from collections.abc import Sequence

from auditor.shell.commands import SimpleCommand
from auditor.shell.parse import Node, ShellText


def read_names(parsed: ShellText, commands: Sequence[SimpleCommand]) -> frozenset[str] | None:
    """The names of the variables the script reads anywhere; None when any may be read
    out of its sight (it sources other files, or `set -a` exports every variable)."""
    if any(
        c.command_name in ("source", ".") or (c.command_name == "set" and "-a" in c.argv)
        for c in commands
    ):
        return None
    names: set[str] = set()
    for node in parsed.nodes():
        parent = node.parent
        if node.type != "variable_name" or parent is None:
            continue
        if (
            parent.type in ("variable_assignment", "for_statement")
            and _names_it(parent, node)
            and not _exported(parent)
        ):
            continue  # the variable an assignment or a loop sets, not one it reads
        names.add(parsed.node_text(node))
    return frozenset(names)


def _names_it(holder: Node, name: Node) -> bool:
    """Whether `name` is the variable an assignment or a `for` loop sets (not read)."""
    target = holder.child_by_field_name("name") or holder.child_by_field_name("variable")
    return target is not None and target.id == name.id


def _exported(assignment: Node) -> bool:
    """Whether an assignment exports its variable to the commands the script runs
    (`export RC=0`, `declare -x RC=0`): they may read it."""
    holder = assignment.parent
    if holder is None or holder.type != "declaration_command":
        return False
    words = (holder.text or b"").decode("utf-8", "replace").split()
    return bool(words) and (
        words[0] == "export" or any(w.startswith("-") and "x" in w for w in words[1:3])
    )
