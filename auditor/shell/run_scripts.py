"""Scripts of the project a script runs by their path (`./ralph-once.sh`, `bash
"$DIR/step.sh"`): the agent whose status each returns, found once per file.

A script run as a program is a function call with a process around it: its exit
status is that of the agent it ends running (or of a function of its own that
does), of the agent whose status it `exit`s with (`exit "$rc"`), or of the agent
whose failure errexit ends it on. A run of such a script is then an agent run for
every rule: piped into `tee` it is RA101, re-run in a loop RA301/RA302.
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Callable, Iterable, Mapping
from typing import NamedTuple, Protocol

from auditor.profiles import AgentProfile
from auditor.shell.commands import SimpleCommand
from auditor.shell.functions import FunctionSummary, StatementOf, summarize_function
from auditor.shell.options import SHELLS, ShellOptions
from auditor.shell.parse import Node, ShellText, enclosing_definition
from auditor.shell.status import ends_on_failure

SCRIPT_SUFFIXES = (".sh", ".bash")  # a program that is a script of its own


class ScriptRun(NamedTuple):
    """The agent whose status running a script returns, how messages name the run (the
    script's file name), and whether each of its runs there is a person's session."""

    agent: AgentProfile
    label: str
    interactive: bool


class RunModel(Protocol):
    """What the summary reads of a script's model (`auditor.shell.model.ShellScript`)."""

    parsed: ShellText
    commands: list[SimpleCommand]
    summaries: dict[str, FunctionSummary]
    held_codes: dict[int, tuple[int, ...]]

    def agent_of(self, command: SimpleCommand) -> AgentProfile | None: ...

    def options_at(self, node: Node) -> ShellOptions: ...

    def status_kept(self, node: Node) -> tuple[Node, bool]: ...


def script_word(
    command: SimpleCommand, written: Callable[[Node], str]
) -> tuple[Node, str | None] | None:
    """The word naming the project script a command runs, and its value where known:
    its program when that is a path or a script's name (`./run.sh`, `"$DIR/step.sh"`),
    or the file a shell is given (`bash run.sh`, not `bash -c …`); None for any other
    command. `written`: a word's text as the script has it."""
    index = command.program_index
    if command.name in SHELLS:
        index += 1
    node = command.word_nodes[index] if index < len(command.word_nodes) else None
    if node is None:
        return None
    value = command.argv[index]
    named = value if value is not None else written(node).strip("\"'")
    if command.name in SHELLS:
        return None if named.startswith("-") else (node, value)
    if "/" not in named and not named.endswith(SCRIPT_SUFFIXES):
        return None
    return node, value


def program_scripts(paths: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """The scripts among `paths` (display paths of the tree's scripts that run an agent)
    named as a program is, with no suffix (`workers/claude/agent`, which a Dockerfile
    copies onto the PATH as `agent`), by their file names: their real paths, each name's
    in path order (found once per run)."""
    found: dict[str, list[str]] = {}
    for path in sorted(paths):
        name = posixpath.basename(path)
        if "." not in name:
            found.setdefault(name, []).append(os.path.realpath(path))
    return {name: tuple(held) for name, held in found.items()}


def script_run(script: RunModel, path: str) -> ScriptRun | None:
    """The agent whose status running `script` (read from `path`) returns, or None when
    its status is its own (a verdict on what the agent printed) or it runs none."""
    top = [c for c in script.commands if enclosing_definition(c.node) is None]
    runs = [(c, agent) for c in top if (agent := script.agent_of(c)) is not None]
    if not runs:
        return None
    agent = next(
        (a for c, a in runs if ends_on_failure(c.node, script.options_at(c.node))),
        None,
    ) or _passed(script, top)
    if agent is None:
        return None
    interactive = all(c.interactive for c, a in runs if a is agent)
    return ScriptRun(agent, posixpath.basename(path), interactive)


def _passed(script: RunModel, top: list[SimpleCommand]) -> AgentProfile | None:
    """The agent whose status the script's top level ends with or exits with."""
    statement_of: StatementOf = script.status_kept
    codes: Mapping[int, tuple[int, ...]] = script.held_codes
    root = script.parsed.root
    summary = summarize_function(
        "", root, top, script.parsed, statement_of, script.summaries, codes, leave="exit"
    )
    return summary.agent if summary is not None else None
