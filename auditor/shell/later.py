"""What runs after a place in a script: its later commands, and what the host runs after
the whole of it (a job's later steps, `EmbeddedShell.after`), read once as a script."""

from __future__ import annotations

import weakref

from auditor.shell.commands import SimpleCommand
from auditor.shell.model import ShellScript
from auditor.shell.options import ShellOptions
from auditor.shell.parse import Node, ShellText, enclosing_loop, other_branch

_LATER: weakref.WeakKeyDictionary[ShellScript, ShellScript] = weakref.WeakKeyDictionary()


def host_after(script: ShellScript) -> ShellScript | None:
    """The shell the host runs after `script` (a job's later steps, each under errexit),
    read once; None when it runs none."""
    shell = script.host_after[0]
    if not shell:
        return None
    later = _LATER.get(script)
    if later is None:  # each step runs under errexit (`bash -e`), as Actions runs it
        parsed = ShellText(shell)
        later = _LATER[script] = ShellScript.walk(parsed, script.catalog, ShellOptions(True))
    return later


def commands_after(script: ShellScript, node: Node) -> list[tuple[ShellScript, SimpleCommand]]:
    """The commands that run after `node` in the same run, each with the script it is
    in: the script's later ones (by place, not in another branch of an `if` or `case`
    that holds `node`, outside a loop that may take it next turn), then those of the
    host's later shell."""
    later = host_after(script)
    found = [
        (script, c)
        for c in script.commands
        if c.node.start_byte >= node.end_byte and not _other_arm(c.node, node)
    ]
    return found + ([(later, c) for c in later.commands] if later is not None else [])


def _other_arm(node: Node, other: Node) -> bool:
    """Whether `node` lies in another arm of an `if` or `case` than `other`, and no loop
    around both runs it again (`if …; then curl … | bash; else …; fi`)."""
    return other_branch(node, other) and enclosing_loop(other) is None
