"""Whether known words start an agent session: an argv (after wrappers such as `npx` or
`timeout`, or as the string of `sh -c`), or a command kept as one string
(`"npx @openai/codex@latest exec"`, split as `shlex.split` would)."""

from __future__ import annotations

import shlex
from collections.abc import Sequence

from auditor.profiles import AgentCatalog
from auditor.shell.commands import strip_wrappers

_SHELLS = frozenset({"sh", "bash", "dash", "zsh", "ksh"})


def argv_runs_agent(words: Sequence[str | None], catalog: AgentCatalog) -> bool:
    """Whether argv words run an agent, directly or as a `sh -c` string (None: a word
    not known; a word holding NUL is known only up to it)."""
    return argv_agent(words, catalog) is not None


def argv_agent(words: Sequence[str | None], catalog: AgentCatalog) -> str | None:
    """The program (its file name: `claude`) of the agent argv words run, directly or as
    a `sh -c` string; None when they run none."""
    clean = tuple(None if w is None or "\0" in w else w for w in words)
    start, wrappers = strip_wrappers(clean, catalog)
    program = clean[start] if start < len(clean) else None
    if program is None:
        return None
    if wrappers and wrappers[-1].joins:  # `["ssh", host, "cd w && claude -p …"]`
        joined = " ".join(w for w in words[start:] if w is not None)
        return command_agent(joined, catalog)
    if program.rsplit("/", 1)[-1] in _SHELLS and "-c" in clean[start:]:
        index = clean.index("-c", start)
        inner = words[index + 1] if index + 1 < len(words) else None
        return command_agent(inner, catalog) if inner is not None else None
    # `gptme --version` and `opencode serve` run no session
    found = catalog.agent_run(program, clean[start + 1 :]) is not None
    return program.rsplit("/", 1)[-1] if found else None


def command_runs_agent(text: str, catalog: AgentCatalog) -> bool:
    """Whether a command string's first command runs an agent (a NUL ends what is
    known of it: an f-string's unknown rest)."""
    return command_agent(text, catalog) is not None


def command_agent(text: str, catalog: AgentCatalog) -> str | None:
    """The program of the agent a command string's first command runs, if one."""
    known = text.split("\0")[0]
    first = known.split(";")[0].split("|")[0]
    try:
        words: list[str | None] = list(shlex.split(first))
    except ValueError:
        words = list(first.split())
    return argv_agent(words, catalog) if words else None


def split_command(text: str) -> list[str | None] | None:
    """The words `shlex.split` makes of a command string known up to a NUL (the words of
    the unknown rest: one unknown word); None when the known part does not split."""
    known, unknown, _ = text.partition("\0")
    try:
        words: list[str | None] = list(shlex.split(known))
    except ValueError:
        return None
    return [*words, None] if unknown else words
