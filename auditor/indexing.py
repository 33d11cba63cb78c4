"""The project index of a run: one cheap pass over the tree, each file under its own settings.

Python modules worth it (they may launch a process, retry, or hold a retry
constant) are summarised (cached per file and settings); shell scripts that
run an agent are listed.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from auditor.config import Settings
from auditor.configs import FileSettings, settings_digest
from auditor.discover import Candidate, RefusedFile, read_bounded
from auditor.kinds import FileKind
from auditor.profiles import AgentCatalog, load_catalog
from auditor.project import ProjectIndex, PythonSummary, merge, module_name
from auditor.timebound import FileTimeout, time_bound
from auditor.workers import map_in_workers

if TYPE_CHECKING:
    from auditor.cache import ResultCache
    from auditor.python.runner.steps import StepCatalog

# Python files worth summarising for the project index: they may launch a
# process, define a retry construct (a hand-written loop names its `attempt`s),
# or hold a retry constant.
# (lower case, looked for in the lower-cased text: substring tests beat one regex)
_TEST_MODULE = re.compile(r"test_.*\.py|.*_test\.py")  # pytest's default file names
_INDEX_MARKERS = (
    "subprocess",
    "os.system",
    "os.exec",
    "retry",
    "retries",
    "attempt",
    "backoff",
    "stamina",
    "tenacity",
    "gptme.chat",
    "execute_msg",
    "tooluse",
    # the call graph's links: clients, abstract bases a registry dispatches through
    "openai",
    "anthropic",
    "groq",
    "client",
    "abstractmethod",
    "notimplementederror",
)


def _summary(
    candidate: Candidate,
    text: str,
    data: bytes,
    cache: ResultCache | None,
    catalog: AgentCatalog,
    steps: StepCatalog,
    settings_part: str,
) -> PythonSummary:
    from auditor.python.runner.retried_loops import with_loop_uses
    from auditor.python.runner.summary import summarize_python

    module = module_name(candidate.path)  # it resolves relative imports: part of the key
    detail = f"{module}|{settings_part}"
    key = cache.key(candidate.display, "index", data, detail) if cache else ""
    cached = cache.get_data(key) if cache else None
    if isinstance(cached, dict):
        try:
            return PythonSummary.from_data(cached)
        except (KeyError, TypeError, IndexError, ValueError):
            pass  # a corrupt entry: summarise again and overwrite it
    try:
        summary = summarize_python(text, candidate.display, catalog, steps, module)
        summary = with_loop_uses(summary, text, module, catalog, steps)
    except (RecursionError, MemoryError, ValueError):
        summary = PythonSummary(candidate.display)  # too deep to summarise: nothing known
    if cache is not None:
        cache.put_data(key, summary.to_data())
    return summary


class _Summariser:
    """Summarises one file for the project index under its own settings (picklable, for
    worker processes)."""

    def __init__(self, settings: FileSettings, cache: ResultCache | None) -> None:
        self.file_settings, self.cache = settings, cache
        self.readers: dict[int, ModuleSummariser] = {}

    def __call__(self, candidate: Candidate) -> tuple[str, PythonSummary] | str | None:
        """A Python module's summary, a script's path if it runs an agent, or None."""
        position = self.file_settings.position(candidate.display)
        if position not in self.readers:
            settings = self.file_settings.choices[position]
            self.readers[position] = ModuleSummariser(settings, self.cache)
        return self.readers[position](candidate)


class ModuleSummariser:
    """Summarises files under one settings."""

    def __init__(self, settings: Settings, cache: ResultCache | None) -> None:
        self.settings, self.cache = settings, cache
        self.catalog = load_catalog(self.settings.agents, self.settings.consequential_commands)
        names = sorted({name for profile in self.catalog.profiles for name in profile.commands})
        alternatives = "|".join(re.escape(name) for name in names)
        # A name as a word or a path's last part (`/opt/bin/gptme`): looked up by the name
        # and the one character before it, linear where a `[\w./-]*/` prefix was quadratic.
        self.agent_word = re.compile(r"(?:(?<=/)|(?<![\w.-]))(?:" + alternatives + r")(?![\w-])")
        # and the step callables the config adds (`[tool.runaudit.steps] calls`), by name
        calls = (settings.steps or {}).get("calls", ())
        self.markers = (*_INDEX_MARKERS, *(str(c).rsplit(".", 1)[-1].lower() for c in calls))
        # Part of each cache key; without a cache, not computed (hashlib costs 4 MiB of RSS).
        self.key_part = settings_digest(settings, ()) if cache is not None else ""
        self.agent_names = tuple(names)

    def __call__(self, candidate: Candidate) -> tuple[str, PythonSummary] | str | None:
        """A Python module's summary, a script's path if it runs an agent, or None."""
        try:
            data = read_bounded(candidate.path, self.settings.max_file_size)
        except (OSError, RefusedFile):
            return None  # the audit itself reports why
        return self.summarise(candidate, data)

    def summarise(
        self, candidate: Candidate, data: bytes
    ) -> tuple[str, PythonSummary] | str | None:
        """What the index holds for a file whose content is `data` (an editor's buffer)."""
        text = data.decode("utf-8", errors="replace")
        if candidate.kind is FileKind.SHELL:
            return candidate.display if self.agent_word.search(text) else None
        if _TEST_MODULE.fullmatch(candidate.path.name):
            # Test modules are rarely imported (only by other tests, a `test_utils.py`):
            # one is summarised, if it needs to be, when it is audited (from that parse).
            return None
        lowered = text.lower()
        if not any(marker in lowered for marker in self.markers) and not self._names_agent(text):
            return None
        try:
            with time_bound(self.settings.timeout):
                summary = _summary(
                    candidate, text, data, self.cache, self.catalog, self.steps, self.key_part
                )
        except FileTimeout:
            return None  # the audit reports the file
        return module_name(candidate.path), summary

    def _names_agent(self, text: str) -> bool:
        """Whether a module holds a literal that starts with an agent's name (an argv
        a builder returns for another module to run)."""
        from auditor.python.model.prefilter import has_command_literal

        return has_command_literal(text, self.agent_names)

    @functools.cached_property
    def steps(self) -> StepCatalog:
        """The step catalogue (loaded for the first module worth summarising)."""
        from auditor.python.runner.steps import load_steps

        return load_steps(self.settings.steps)


def build_index(
    candidates: Sequence[Candidate],
    settings: Settings | FileSettings,
    cache: ResultCache | None = None,
    jobs: int = 1,
) -> ProjectIndex:
    """The project index: summaries of Python modules, scripts that run an agent; each file
    read under its own settings (its agents and step callables)."""
    if isinstance(settings, Settings):
        settings = FileSettings.uniform(settings)
    indexed = [c for c in candidates if c.kind in (FileKind.PYTHON, FileKind.SHELL)]
    summaries: list[tuple[str, PythonSummary]] = []
    scripts: list[str] = []
    for entry in map_in_workers(_Summariser(settings, cache), indexed, jobs, _crashed_summary):
        if isinstance(entry, str):
            scripts.append(entry)
        elif entry is not None:
            summaries.append(entry)
    return merge(summaries, scripts)


def _crashed_summary(candidate: Candidate) -> None:
    return None  # the audit reports the file
