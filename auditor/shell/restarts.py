"""systemd units that respawn an agent: `Restart=` is a loop around `ExecStart`.

RA302 reads these beside the shell loops of `auditor.shell.loops`: a unit whose
`Restart=` starts its agent (or a script of the tree that runs one) again after
a failure, unless the unit keeps the agent's documented codes from restarting it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

from auditor.numbers import bounded_int
from auditor.profiles import AgentCatalog, AgentProfile
from auditor.shell.command_strings import SHELLS
from auditor.shell.commands import strip_wrappers
from auditor.shell.model import ShellScript
from auditor.shell.parse import enclosing_loop, same_node
from auditor.unit import OPAQUE_WORD

if TYPE_CHECKING:
    from auditor.hosts.mapped import MappedText
    from auditor.project import ProjectIndex
    from auditor.python.runner.steps import StepCatalog

_RESTARTS = frozenset({"on-failure", "always", "on-abnormal", "on-abort"})
_ON_EXIT = frozenset({"on-failure", "always"})  # the others restart on signals and timeouts
_LIMITS = ("StartLimitIntervalSec", "StartLimitBurst", "StartLimitInterval")


class ServiceRestart(NamedTuple):
    """A service whose `Restart=` respawns an agent (or a script of the tree that runs one)."""

    restart: tuple[int, int]  # host offsets of the `Restart=` line
    value: str  # `on-failure`
    exec_start: tuple[int, int]  # host offsets of the `ExecStart=` line
    agent: str  # `gptme`, or the script's path
    codes: tuple[int, ...]  # documented exit codes that still restart it
    any_failure: bool  # no failure code is kept from restarting it
    transient_only: bool
    named_session: bool
    bounded: bool


def _exec_agent(
    value: MappedText, catalog: AgentCatalog, project: ProjectIndex
) -> tuple[str, AgentProfile | None, tuple[str | None, ...]] | None:
    """What an `ExecStart=` runs: an agent (with its words), or a script of the tree that does."""
    from auditor.hosts.systemd import (
        expand_environment,
        expand_specifiers,
        shell_string,
        split_command_line,
    )

    words = split_command_line(value)
    if not words:
        return None
    prefix = len(words[0].text) - len(words[0].text.lstrip("@-:+!|"))
    prefixes = "" if re.match(r"@[A-Za-z_]+@", words[0].text) else words[0].text[:prefix]
    words[0] = words[0].slice(len(prefixes), len(words[0]))
    written = [word.text for word in words]  # as the unit writes them, for messages
    words = [expand_environment(expand_specifiers(word)) for word in words]
    inner = shell_string(words, skip_argv0="@" in prefixes)
    if inner is not None:
        script = ShellScript.build(inner[0].text, catalog)
        agent = next((c for c in script.commands if c.agent is not None), None)
        if agent is None or agent.agent is None:
            return None
        return agent.name or agent.agent.name, agent.agent, agent.argv
    texts = tuple(None if w.text == OPAQUE_WORD else w.text for w in words)
    start, _ = strip_wrappers(texts, catalog)
    program = texts[start] if start < len(texts) else None
    profile = catalog.agent_for(program) if program is not None else None
    if profile is not None and program is not None:
        return program.rsplit("/", 1)[-1], profile, texts
    if program and program.rsplit("/", 1)[-1] in SHELLS:  # `/bin/bash %h/bin/run.sh`
        operand = next((i for i in range(start + 1, len(texts)) if _operand(texts[i])), None)
        start = operand if operand is not None else start
        program = texts[start]
    if program and project.runs_agent(program):  # named as written: `%h/bin/run.sh`
        return written[start], None, texts
    return None


def _operand(word: str | None) -> bool:
    """Whether a shell's word is the script it runs (not an option, `-c` or `-x`)."""
    return word is not None and not word.startswith(("-", "+"))


def _listed(values: list[str]) -> set[int]:
    """Exit codes listed by `RestartPreventExitStatus=` lines (an empty one resets the list)."""
    codes: set[int] = set()
    for value in values:
        listed = {bounded_int(word) for word in value.split()}
        codes = (codes if value else set()) | {code for code in listed if code is not None}
    return codes


def service_restarts(
    text: MappedText, catalog: AgentCatalog, project: ProjectIndex, steps: StepCatalog
) -> list[ServiceRestart]:
    """The `Restart=` of a unit's `[Service]`, if it respawns an agent after a failure."""
    from auditor.hosts.systemd import unit_lines

    section = ""
    entries: dict[tuple[str, str], list[tuple[str, MappedText]]] = {}
    for line in unit_lines(text.text):
        if line.text.startswith("[") and line.text.endswith("]"):
            section = line.text[1:-1].strip()
        elif "=" in line.text:
            key, value = line.text.split("=", 1)
            entries.setdefault((section, key.strip()), []).append(
                (value.strip(), line.through(text.offsets))
            )

    def values(key: str, *sections: str) -> list[str]:
        return [v for s in sections or ("Service",) for v, _ in entries.get((s, key), [])]

    restart = entries.get(("Service", "Restart"), [])[-1:]
    if not restart or restart[0][0] not in _RESTARTS:
        return []
    value, restart_line = restart[0]
    found: list[ServiceRestart] = []
    for command, line in entries.get(("Service", "ExecStart"), []):
        start = line.text.index("=") + 1
        agent = _exec_agent(line.slice(start, len(line)), catalog, project) if command else None
        if agent is None:
            continue
        label, profile, words = agent
        codes = {c for c in (profile.exit_codes if profile else {}) if c not in (0, 130)} or {1}
        documented = len(codes)
        if value not in _ON_EXIT:
            codes = set()
        else:
            prevented = values("RestartPreventExitStatus")
            prevented += values("SuccessExitStatus") if value == "on-failure" else []
            codes -= _listed(prevented)
            if not codes:
                continue  # no documented failure restarts it
        limits = [v for key in _LIMITS for v in values(key, "Unit", "Service")]
        found.append(
            ServiceRestart(
                _host(restart_line),
                value,
                _host(line),
                label,
                tuple(sorted(codes)),
                len(codes) == documented,
                bool(codes) and codes <= steps.transient(profile, catalog),
                steps.named_session(words),
                not any(limit in ("0", "infinity") for limit in limits),
            )
        )
    return found


def _host(line: MappedText) -> tuple[int, int]:
    """The host offsets a unit line spans."""
    return (line.offsets[0], line.offsets[-1] + 1) if line.offsets else (0, 0)


# An `exit` in a trap's action that is not `exit 0` (an unknown action counts as one).
_FAILING_EXIT = re.compile(r"\bexit\b(?!\s+0\b)")


def never_fails(script: ShellScript) -> bool:
    """Whether a script's own exit status is always 0, so that `Restart=on-failure` never
    respawns it whatever it runs: errexit is never on, each `exit` in it (a trap's too)
    says 0, nothing `exec`s another program, and its top level ends in a loop that runs
    until stopped and that nothing `break`s (a supervisor of a tmux session the agent
    runs in)."""
    from auditor.shell.schedule import endless

    top = [node for node in script.parsed.root.named_children if node.type != "comment"]
    loop = top[-1] if top else None
    if loop is None or not endless(script, loop):
        return False
    for command in script.commands:
        name, words = command.command_name, command.argv[1:]
        if name == "break" and same_node(enclosing_loop(command.node), loop):
            return False
        if (name == "exit" and words[:1] != ("0",)) or (name == "exec" and words):
            return False
        if name == "trap" and _FAILING_EXIT.search(words[0] or "exit" if words else ""):
            return False  # `trap 'cleanup; exit 1' ERR`: it leaves with a failure
        if script.options_at(command.node).errexit:
            return False
    return True
