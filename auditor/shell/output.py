"""Where an agent's output goes, and whether the script reads it afterwards.

A runner that sets the agent's status aside on purpose often judges the run
by its output instead: it greps the log the agent wrote (`gptme … >"$log"`,
`| tee "$log"`) or tests the text it captured (`out=$(claude -p …)`). RA203
leaves a run inside an explicit `set +e … set -e` window alone when the
script reads that output after it; RA302 leaves a bounded loop alone when it
stops on a marker in that output.
"""

from __future__ import annotations

import bisect
import re
import weakref
from typing import NamedTuple

from auditor.shell.commands import SimpleCommand
from auditor.shell.model import ShellScript
from auditor.shell.options import ShellOptions, apply_set
from auditor.shell.parse import Node, descendants

_WRITES = frozenset({">", ">>", "&>", "&>>", ">|"})
_NOT_FILES = frozenset({"/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty"})
_WORDS = frozenset({"word", "string", "raw_string", "concatenation"})
_EXPANSIONS = frozenset({"simple_expansion", "expansion"})
_BRACED = re.compile(r"\$\{([A-Za-z_]\w*)\}")
_NOT_READING = frozenset({"rm", "touch", "mkdir", "mktemp", "truncate", "tee"})  # write, not read


class AgentOutput(NamedTuple):
    """The files an agent's output goes to and the variables that capture it."""

    files: frozenset[str]  # as written, quotes dropped and `${x}` spelled `$x`
    variables: frozenset[str]


def _text(node: Node) -> str:
    return (node.text or b"").decode("utf-8", errors="replace")


def _normal(word: str) -> str:
    """A file word compared by spelling: `"${log}"` and `$log` are the same file."""
    return _BRACED.sub(r"$\1", word.replace('"', "").replace("'", ""))


def _written(redirect: Node) -> str | None:
    """The file an output redirect (`> f`, `>> f`, `&> f`, `2> f`) writes, if a real one."""
    operator = next((c for c in redirect.children if not c.is_named), None)
    target = redirect.child_by_field_name("destination")
    if operator is None or operator.type not in _WRITES or target is None:
        return None
    word = _normal(_text(target))
    return word if word and word not in _NOT_FILES else None


def agent_output(script: ShellScript, command: SimpleCommand) -> AgentOutput:
    """Where the output of `command` goes: redirects on it and on what holds it, `tee`
    files later in its pipeline, and the variable of an `x=$(…)` it runs in."""
    files: set[str] = set()
    variables: set[str] = set()
    current = command.node
    while current.parent is not None and current.type not in ("function_definition", "program"):
        parent = current.parent
        if parent.type == "redirected_statement":
            redirects = (c for c in parent.named_children if c.type == "file_redirect")
            files.update(f for r in redirects if (f := _written(r)) is not None)
        elif parent.type == "pipeline":
            for stage in (c for c in parent.named_children if c.start_byte > current.end_byte):
                files.update(_tee_files(script, stage))
        elif parent.type == "command_substitution":
            holder = parent.parent
            while holder is not None and holder.type in ("string", "concatenation"):
                holder = holder.parent
            name = holder.child_by_field_name("name") if holder is not None else None
            if holder is not None and holder.type == "variable_assignment" and name is not None:
                variables.add(_text(name))
            break
        current = parent
    return AgentOutput(frozenset(files), frozenset(variables))


def _tee_files(script: ShellScript, stage: Node) -> set[str]:
    """The files a later pipeline stage writes what it reads to (`tee -a log`, `> log`)."""
    files: set[str] = set()
    for node in descendants(stage):
        if node.type == "file_redirect":
            files.update(f for f in [_written(node)] if f is not None)
        command = script.command_at(node) if node.type == "command" else None
        if command is not None and command.name == "tee":
            words = command.word_nodes[command.program_index + 1 :]
            files.update(
                _normal(_text(w)) for w in words if w is not None and not _text(w).startswith("-")
            )
    return files


def reads_output(script: ShellScript, output: AgentOutput, node: Node, after: int = 0) -> bool:
    """Whether `node` (from byte `after` on) reads one of the files or variables of `output`."""
    for child in descendants(node):
        if child.end_byte <= after:
            continue
        parent = child.parent
        if child.type == "variable_name" and _text(child) in output.variables:
            if parent is None or parent.type not in ("variable_assignment", "declaration_command"):
                return True
        elif _whole_word(child) and _normal(_text(child)) in output.files:
            if parent is not None and parent.type == "file_redirect" and _written(parent):
                continue  # written again, not read
            holder = parent
            while holder is not None and holder.type != "command":
                holder = holder.parent
            command = script.command_at(holder) if holder is not None else None
            if command is None or command.name not in _NOT_READING:
                return True
    return False


def _whole_word(node: Node) -> bool:
    """A word, or an expansion that is a whole word (`<${log}`), not part of a longer one."""
    if node.type in _WORDS:
        return True
    parent = node.parent
    return node.type in _EXPANSIONS and (parent is None or parent.type not in _WORDS)


def judged_by_output(script: ShellScript, command: SimpleCommand, statement: Node) -> bool:
    """Whether the agent runs inside an explicit `set +e … set -e` window and the script
    reads its output after it (`gptme … >"$log"`, then `grep DONE "$log"`)."""
    if not in_errexit_window(script, statement):
        return False
    output = agent_output(script, command)
    if not output.files and not output.variables:
        return False
    return reads_output(script, output, script.parsed.root, after=statement.end_byte)


def in_errexit_window(script: ShellScript, node: Node) -> bool:
    """Whether `node` sits between a `set +e` and a `set -e` of a block that holds it."""
    current = node
    while current.parent is not None and current.type != "function_definition":
        parent = current.parent
        starts, switches = _switches(script, parent)
        before = bisect.bisect_right(starts, current.start_byte - 1)
        # the last switch ending before `current`, and the first starting after it
        earlier = [on for at, end, on in switches[:before] if end <= current.start_byte][-1:]
        later = [on for at, _, on in switches[before:] if at >= current.end_byte][:1]
        if earlier == [False] and later == [True]:
            return True
        current = parent
    return False


_Switches = tuple[list[int], list[tuple[int, int, bool]]]
_SWITCHES: weakref.WeakKeyDictionary[ShellScript, dict[int, _Switches]] = (
    weakref.WeakKeyDictionary()
)


def _switches(script: ShellScript, block: Node) -> _Switches:
    """The `set` commands among a block's statements that switch errexit, with where each
    starts and ends (memoised per block: asked for every agent run inside it)."""
    memo = _SWITCHES.setdefault(script, {})
    known = memo.get(block.id)
    if known is None:
        found = [
            (s.start_byte, s.end_byte, on)
            for s in block.named_children
            if s.type == "command" and (on := _errexit_switch(script, s)) is not None
        ]
        known = memo[block.id] = ([at for at, _, _ in found], found)
    return known


def _errexit_switch(script: ShellScript, statement: Node) -> bool | None:
    """True for a `set` that turns errexit on, False for one that turns it off."""
    command = script.command_at(statement) if statement.type == "command" else None
    if command is None or command.command_name != "set":
        return None
    words = command.argv[1:]
    if not apply_set(ShellOptions(errexit=True), words).errexit:
        return False
    return True if apply_set(ShellOptions(), words).errexit else None
