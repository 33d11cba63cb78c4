"""A whole run: discover, index the tree, audit every file (in parallel, cached), report.

Results come back in discovery order whatever the number of jobs, so
`--jobs 1` and `--jobs 2` print the same report; a cached result is the
same data the audit produced, so warm and cold runs print the same report.
Workers return only findings and diagnostics (and the text of files with
findings, for snippets): no tree outlives its file.
"""

from __future__ import annotations

import functools
import os
import re
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from auditor.config import Settings
from auditor.discover import (
    EXCLUDED,
    NOT_A_RUNNER,
    Candidate,
    RefusedFile,
    TooLarge,
    classify,
    discover,
    read_bounded,
)
from auditor.engine import AnyRule, Auditor, enabled_rules
from auditor.finding import AppliedSuppression, Diagnostic, DiagnosticKind, Finding, Note, Report
from auditor.kinds import FileKind, sources_a_file
from auditor.not_audited import input_too_large, timed_out, too_large, unreadable
from auditor.profiles import AgentCatalog, load_catalog
from auditor.project import ProjectIndex, PythonSummary, merge, module_name
from auditor.source import decode, python_encoding
from auditor.timebound import FileTimeout, time_bound
from auditor.workers import map_in_workers as _mapped  # the name `audit` calls it by

if TYPE_CHECKING:
    from auditor.cache import ResultCache
    from auditor.python.steps import StepCatalog

Progress = Callable[[int, int], None]  # (files done, files in the run)
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


class _Result(NamedTuple):
    findings: list[Finding]
    diagnostics: list[Diagnostic]
    suppressed: int = 0
    checked: bool = False
    text: str | None = None  # only for files with findings
    suppressions: tuple[AppliedSuppression, ...] = ()


def _sources_files(kind: FileKind, data: bytes) -> bool:
    """Whether a shell file may source another (its analysis then reads that file too)."""
    return kind is FileKind.SHELL and sources_a_file(data)


class _Job:
    """Audits one file, through the cache (picklable, for worker processes)."""

    def __init__(
        self,
        settings: Settings,
        rules: Sequence[type[AnyRule]],
        project: ProjectIndex,
        cache: ResultCache | None,
    ) -> None:
        self.settings, self.rules, self.project, self.cache = settings, rules, project, cache

    @functools.cached_property
    def auditor(self) -> Auditor:
        """The auditor, built on first use in the process that audits."""
        return Auditor(self.settings, self.rules, self.project)

    def __call__(self, candidate: Candidate) -> _Result:
        try:
            data = read_bounded(candidate.path, self.settings.max_file_size)
        except TooLarge as error:
            return self._not_audited(candidate.display, too_large(error))
        except RefusedFile as error:
            return _Result([], [Diagnostic(candidate.display, DiagnosticKind.SKIPPED, str(error))])
        except OSError as error:
            return self._not_audited(candidate.display, unreadable(error))
        key = ""
        # A script that sources others is audited with their functions and variables, which
        # its own bytes do not key: it is never cached, so an edited library is seen.
        cache = None if _sources_files(candidate.kind, data) else self.cache
        if cache is not None:
            detail = ",".join(_ignored_codes(self.settings, candidate.display))
            key = cache.key(candidate.display, candidate.kind.value, data, detail)
        cached = cache.get(key) if cache else None
        encoding = python_encoding(data) if candidate.kind is FileKind.PYTHON else "utf-8"
        if cached is not None:
            text = decode(candidate.display, data, encoding).text if cached.findings else None
            return _Result(
                cached.findings,
                cached.diagnostics,
                cached.suppressed,
                checked=True,
                text=text,
                suppressions=cached.suppressions,
            )
        source = decode(candidate.display, data, encoding)
        try:
            with time_bound(self.settings.timeout):
                result = self.auditor.audit_source(
                    source, candidate.kind, candidate.path, candidate.root
                )
        except FileTimeout:
            return self._not_audited(candidate.display, timed_out(self.settings.timeout))
        if cache is not None and not any(d.is_error for d in result.diagnostics):
            from auditor.cache import CachedResult

            entry = CachedResult(
                result.findings, result.diagnostics, result.suppressed, result.suppressions
            )
            cache.put(key, entry)
        return _Result(
            result.findings,
            result.diagnostics,
            result.suppressed,
            checked=True,
            text=source.text if result.findings else None,
            suppressions=result.suppressions,
        )

    def _not_audited(self, display: str, reason: str) -> _Result:
        result = self.auditor.not_audited(display, reason)
        return _Result(result.findings, result.diagnostics)


def _summary(
    candidate: Candidate,
    text: str,
    data: bytes,
    cache: ResultCache | None,
    catalog: AgentCatalog,
    steps: StepCatalog,
) -> PythonSummary:
    from auditor.python.retried_loops import with_loop_uses
    from auditor.python.summary import summarize_python

    module = module_name(candidate.path)  # it resolves relative imports: part of the key
    key = cache.key(candidate.display, "index", data, module) if cache else ""
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
    """Summarises one file for the project index (picklable, for worker processes)."""

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
        self.agent_names = tuple(names)

    def __call__(self, candidate: Candidate) -> tuple[str, PythonSummary] | str | None:
        """A Python module's summary, a script's path if it runs an agent, or None."""
        try:
            data = read_bounded(candidate.path, self.settings.max_file_size)
        except (OSError, RefusedFile):
            return None  # the audit itself reports why
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
                summary = _summary(candidate, text, data, self.cache, self.catalog, self.steps)
        except FileTimeout:
            return None  # the audit reports the file
        return module_name(candidate.path), summary

    def _names_agent(self, text: str) -> bool:
        """Whether a module holds a literal that starts with an agent's name (an argv
        a builder returns for another module to run)."""
        from auditor.python.prefilter import command_literals

        return any(name in text for name in self.agent_names) and bool(
            command_literals(text, self.agent_names)
        )

    @functools.cached_property
    def steps(self) -> StepCatalog:
        """The step catalogue (loaded for the first module worth summarising)."""
        from auditor.python.steps import load_steps

        return load_steps(self.settings.steps)


def build_index(
    candidates: Sequence[Candidate],
    settings: Settings,
    cache: ResultCache | None = None,
    jobs: int = 1,
) -> ProjectIndex:
    """The project index: summaries of Python modules, scripts that run an agent."""
    indexed = [c for c in candidates if c.kind in (FileKind.PYTHON, FileKind.SHELL)]
    summaries: list[tuple[str, PythonSummary]] = []
    scripts: list[str] = []
    for entry in _mapped(_Summariser(settings, cache), indexed, jobs, _crashed_summary):
        if isinstance(entry, str):
            scripts.append(entry)
        elif entry is not None:
            summaries.append(entry)
    return merge(summaries, scripts)


def _crashed_audit(candidate: Candidate) -> _Result:
    message = "the worker process auditing this file crashed (a parser bug); file not audited"
    return _Result([], [Diagnostic(candidate.display, DiagnosticKind.INTERNAL, message)])


def _crashed_summary(candidate: Candidate) -> None:
    return None  # the audit reports the file


def audit(
    paths: Sequence[Path],
    settings: Settings,
    *,
    rules: Sequence[type[AnyRule]] | None = None,
    progress: Progress | None = None,
    cwd: Path | None = None,
    jobs: int | None = None,
    cache_dir: Path | None = None,
    verbose: bool = False,
) -> Report:
    """Audit files and folders; the report is in deterministic order.

    `jobs` defaults to the number of cores; `cache_dir` None disables the cache;
    `verbose` adds notes on the files each shell script sources.
    """
    started = time.perf_counter()
    found = discover(paths, settings, cwd=cwd)
    candidates = found.candidates
    discovered = time.perf_counter()
    selected = list(rules) if rules is not None else enabled_rules(settings)
    workers = jobs if jobs is not None else (os.cpu_count() or 1)
    cache = None
    if cache_dir is not None and not _inside_audited_tree(cache_dir, paths, cwd):
        context = [repr(_settings_key(settings)), ",".join(r.code for r in selected)]
        from auditor.cache import ResultCache

        index_cache = ResultCache(cache_dir, context)
        project = build_index(candidates, settings, index_cache, workers)
        cache = ResultCache(cache_dir, [*context, project.digest()])
    else:
        project = build_index(candidates, settings, jobs=workers)
    indexed = time.perf_counter()
    job = _Job(settings, selected, project, cache)
    report = Report(diagnostics=list(found.diagnostics))
    for display, reason in found.unaudited:
        report.findings.extend(job.auditor.not_audited(display, reason).findings)
    for done, (candidate, result) in enumerate(
        zip(candidates, _mapped(job, candidates, workers, _crashed_audit), strict=True), 1
    ):
        if progress is not None:
            progress(done, len(candidates))
        report.diagnostics.extend(result.diagnostics)
        report.suppressed += result.suppressed
        report.suppressions.extend(result.suppressions)
        if result.checked:
            report.files_checked += 1
        if result.findings:
            report.findings.extend(result.findings)
            if result.text is not None:
                report.sources[candidate.display] = result.text
    report.findings.sort(key=lambda finding: finding.sort_key)
    report.suppressions.sort()
    if cache is not None and cache_dir is not None:
        from auditor.cache import prune_if_full

        prune_if_full(cache_dir)
    report.timings = {
        "discovery": discovered - started,
        "project index": indexed - discovered,
        "analysis": time.perf_counter() - indexed,
    }
    report.notes = found.notes
    if verbose:
        from auditor.shell.sources import sourced_notes

        report.notes += sourced_notes(candidates, settings.max_file_size)
    return report


def audit_stdin(data: bytes, filename: str, settings: Settings) -> Report:
    """Audit bytes read from standard input as if they were the file `filename`."""
    report = Report()
    name = filename.replace(os.sep, "/")
    if settings.force_exclude and settings.is_excluded(Path(filename), settings.root):
        report.notes.append(Note(name, EXCLUDED))
        return report
    kind = classify(Path(filename), data[:256])
    if kind is None:
        report.notes.append(Note(name, NOT_A_RUNNER))
        return report
    auditor = Auditor(settings)
    if len(data) > settings.max_file_size:
        reason = input_too_large(settings.max_file_size)
        report.findings = auditor.not_audited(name, reason).findings
        return report
    encoding = python_encoding(data) if kind is FileKind.PYTHON else "utf-8"
    source = decode(name, data, encoding)
    try:
        with time_bound(settings.timeout):
            result = auditor.audit_source(source, kind)
    except FileTimeout:
        report.findings = auditor.not_audited(name, timed_out(settings.timeout)).findings
        return report
    report.files_checked = 1
    report.findings = result.findings
    report.diagnostics = result.diagnostics
    report.suppressed = result.suppressed
    report.suppressions = list(result.suppressions)
    if result.findings:
        report.sources[source.path] = source.text
    return report


def _settings_key(settings: Settings) -> tuple[object, ...]:
    """The settings that change what any file's audit produces (`per-file-ignores` are in
    each file's key, as the codes they turn off there: where the config sits on disk is not).
    """
    return (
        settings.max_file_size,
        repr(sorted(settings.agents.items())),
        repr(sorted(settings.steps.items())),
        repr(sorted(settings.sdk.items())),
        settings.consequential_commands,
        settings.ignore_suppressions,
        sorted(settings.severity.items()),
    )


def _ignored_codes(settings: Settings, display: str) -> list[str]:
    """The codes `per-file-ignores` turns off for a file."""
    if not settings.per_file_ignores:
        return []
    from auditor.registry import all_rules

    return [rule.code for rule in all_rules() if settings.ignored_for(Path(display), rule.code)]


def _inside_audited_tree(directory: Path, paths: Sequence[Path], cwd: Path | None) -> bool:
    """Whether the cache would be written under a folder being audited."""
    base = cwd or Path.cwd()
    cache = Path(os.path.realpath(base / directory))
    for path in paths:
        root = Path(os.path.realpath(base / path))
        if root.is_dir() and (cache == root or root in cache.parents):
            return True
    return False
