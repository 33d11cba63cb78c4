"""What an agent invocation can exit with, and what a code or a guard means.

All numbers come from the data file and config (profiles, wrappers, the
shell's own codes); nothing here knows gptme. A guard's intent is read from
words in its condition and body; a code's intent from the words of its
meaning, with the same markers.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from auditor.profiles import AgentCatalog, AgentProfile, Intent
from auditor.shell.commands import WrapperUse

SIGNAL_CODES = range(129, 129 + 64)  # 128+N: a shell reports a command killed by signal N
_KILL_SIGNALS = frozenset({"KILL", "SIGKILL", "9"})


def _marker_pattern(marker: str) -> str:
    suffix = "" if marker[-1:].isdigit() else r"(?:s|d|ed|ing)?"
    return r"(?<![A-Za-z0-9])" + re.escape(marker) + suffix + r"(?![A-Za-z0-9])"


@functools.cache
def _intent_pattern(markers: tuple[str, ...]) -> re.Pattern[str]:
    """One pattern for all of an intent's markers (a text is searched once per intent)."""
    return re.compile("|".join(_marker_pattern(m) for m in markers), re.IGNORECASE)


@functools.cache
def _lowered(markers: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(marker.lower() for marker in markers)


@functools.lru_cache(maxsize=8192)
def _intents_of(text: str, intents: tuple[Intent, ...]) -> tuple[Intent, ...]:
    lowered = text.lower()  # a marker's letters in any case: searched for whole words after
    return tuple(
        intent
        for intent in intents
        if any(marker in lowered for marker in _lowered(intent.markers))
        and _intent_pattern(intent.markers).search(text)
    )


def intents_in(text: str, catalog: AgentCatalog) -> tuple[Intent, ...]:
    """The intents whose markers occur in `text`, in catalogue order (memoised per text:
    the status analyses ask about the same conditions many times)."""
    return _intents_of(text, catalog.intents)


class ExitCodes(NamedTuple):
    """The codes one invocation can produce, with their meanings."""

    agent: AgentProfile
    codes: Mapping[int, str]  # code -> meaning, from the profile and the wrappers present
    signals: bool  # a shell reports signals as 128+N
    timeout_raises: bool = False  # Python's `subprocess.run(timeout=…)` raises instead
    unseen: bool = False  # a wrapper the script cannot see may add codes of its own

    @property
    def documented(self) -> bool:
        """Whether the profile has an exit-code table (recognition-only profiles do not)
        and no wrapper of unknown codes is in front of the run."""
        return bool(self.agent.exit_codes) and not self.unseen

    def emits(self, code: int) -> bool:
        """Whether this invocation can exit with `code`."""
        return code in self.codes or (self.signals and code in SIGNAL_CODES)

    def meaning(self, code: int) -> str | None:
        """What the code means for this invocation."""
        if code in self.codes:
            return self.codes[code]
        if self.signals and code in SIGNAL_CODES:
            return f"killed by signal {code - 128}"
        return None

    def codes_for(self, intent: Intent, catalog: AgentCatalog) -> list[int]:
        """The codes whose meaning carries `intent`, in numeric order."""
        return sorted(
            code for code, meaning in self.codes.items() if intent in intents_in(meaning, catalog)
        )


def _wrapper_codes(wrapper: WrapperUse, catalog: AgentCatalog) -> dict[int, str]:
    known = catalog.wrappers.get(wrapper.name)
    if known is None:
        return {}
    codes = dict(known.exit_codes)
    words = [w or "" for w in wrapper.words]
    kills = any(w in ("-k", "--kill-after") or w.startswith("--kill-after=") for w in words)
    for index, word in enumerate(words):
        value = words[index + 1] if index + 1 < len(words) else ""
        if word in ("-s", "--signal") and value.upper() in _KILL_SIGNALS:
            kills = True
        if word.startswith("--signal=") and word.split("=", 1)[1].upper() in _KILL_SIGNALS:
            kills = True
    if kills:
        codes.update(known.kill_exit_codes)
    return codes


def either_codes(alternatives: Sequence[ExitCodes]) -> ExitCodes:
    """The codes a run can produce whose command is one of several invocations of one
    agent (`["timeout", "60", "gptme", …]` in one branch, `["gptme", …]` in the other)."""
    first = alternatives[0]
    codes = {
        code: meaning for found in reversed(alternatives) for code, meaning in found.codes.items()
    }
    return first._replace(codes=codes, signals=any(found.signals for found in alternatives))


def invocation_codes(
    agent: AgentProfile,
    wrappers: Sequence[WrapperUse],
    catalog: AgentCatalog,
    *,
    shell: bool,
    timeout_raises: bool = False,
    extra: Mapping[int, str] | None = None,
) -> ExitCodes:
    """The codes an agent run through `wrappers` can produce.

    `shell` adds the shell's own codes (126, 127) and 128+N for signals;
    `extra` adds codes a shell function returns itself (`return 3`).
    """
    codes: dict[int, str] = dict(agent.exit_codes)
    if shell:
        codes.update(catalog.shell_exit_codes)
    for wrapper in wrappers:
        codes.update(_wrapper_codes(wrapper, catalog))
    codes.update(extra or {})
    unseen = any(wrapper.unseen for wrapper in wrappers)
    return ExitCodes(agent, codes, signals=shell, timeout_raises=timeout_raises, unseen=unseen)


def retried_failures(
    retried: Sequence[tuple[int | None, bool]], compared: set[int], other: str
) -> str:
    """The failures a loop retries, for messages: the exit codes it compares with, `other`
    for a code it compares with nothing (None), "a transient failure" for one (a
    rate-limit marker, a transient class) whose code it does not compare with ("exit 1 or
    any other non-zero exit")."""
    codes = sorted(
        {c for c, transient in retried if c is not None and (not transient or c in compared)}
    )
    parts = [f"exit {', '.join(map(str, codes))}"] if codes else []
    if any(c is None and not transient for c, transient in retried):
        parts.append(other)
    if other not in parts and any(transient and c not in compared for c, transient in retried):
        parts.append("a transient failure")  # (any other exit covers it)
    return " or ".join(parts) or other
