"""A whole run: discover, index the tree, audit every file (in parallel, cached), report.

Results come back in discovery order whatever the number of jobs, so
`--jobs 1` and `--jobs 2` print the same report; a cached result is the
same data the audit produced, so warm and cold runs print the same report.
Workers return only findings and diagnostics (and the text of files with
findings, for snippets): no tree outlives its file.
"""

from __future__ import annotations

import gc
import os
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from auditor import engine
from auditor.config import Settings
from auditor.configs import Configs, FileSettings
from auditor.discover import (
    EXCLUDED,
    NOT_A_RUNNER,
    WORKFLOW_HEAD,
    Candidate,
    Discovery,
    classify,
    discover,
)
from auditor.engine import AnyRule, Auditor
from auditor.file_jobs import AuditJob, CachedJob, FixJob, JobResult, crashed_audit, crashed_fix
from auditor.finding import Note, Report
from auditor.indexing import IndexListing, index_listing
from auditor.kinds import FileKind
from auditor.not_audited import input_too_large, timed_out
from auditor.source import decode, python_encoding
from auditor.timebound import FileTimeout, time_bound
from auditor.workers import map_in_workers as _mapped  # the name `audit` calls it by

if TYPE_CHECKING:
    from auditor.cache import ResultCache
    from auditor.fixes import FixAttempt

Progress = Callable[[int, int], None]  # (files done, files in the run)


def _index_and_cache(
    candidates: Sequence[Candidate],
    per_file: FileSettings,
    paths: Sequence[Path],
    workers: int,
    cache_dir: Path | None,
    cwd: Path | None = None,
) -> tuple[IndexListing, ResultCache | None]:
    """The index pass (through the cache) and the cache of file results, keyed by its
    digest; no cache when `cache_dir` is None or inside a folder being audited."""
    if cache_dir is None or _inside_audited_tree(cache_dir, paths, cwd):
        return index_listing(candidates, per_file, jobs=workers), None
    from auditor.cache import ResultCache

    listing = index_listing(candidates, per_file, ResultCache(cache_dir, ["index"]), workers)
    return listing, ResultCache(cache_dir, [listing.digest()])


GRAPH_TOO_DEEP = (
    "the project's call graph nests deeper than Python's stack allows: each Python file "
    "was audited on its own, without what other modules give it"
)


def _ran_key(cache: ResultCache) -> str:
    """The key of the entry that says a run with this index (and build) has been done."""
    return cache.key("", "run", b"")


class AuditRun:
    """A run over files and folders once discovered and indexed, each file under its own
    settings: its audit, then the fixes of what it found (`--fix`, `--diff`), with the same
    files, index and cache."""

    def __init__(
        self,
        paths: Sequence[Path],
        settings: Settings | Configs,
        *,
        rules: Sequence[type[AnyRule]] | None = None,
        cwd: Path | None = None,
        jobs: int | None = None,
        cache_dir: Path | None = None,
    ) -> None:
        """Discover the files and index the project. `settings`: the same for every file,
        or `Configs` to give each file the config nearest to it; `rules` (default: those
        each file's settings select) the same for every file; `jobs` defaults to the
        number of cores; `cache_dir` None disables the cache."""
        started = time.perf_counter()
        configs = settings if isinstance(settings, Configs) else Configs.uniform(settings)
        self.paths, self.cwd, self.cache_dir = paths, cwd, cache_dir
        self.settings = configs.for_run(paths)  # run-wide: the `--verbose` notes' bounds
        self.found = discover(paths, self.settings, cwd=cwd, settings_for=configs.for_directory)
        discovered = time.perf_counter()
        per_file = FileSettings.of_candidates(self.found.candidates, configs)
        selected = [
            list(rules) if rules is not None else engine.enabled_rules(choice)
            for choice in per_file.choices
        ]
        self.workers = jobs if jobs is not None else (os.cpu_count() or 1)
        listing, cache = _index_and_cache(
            self.found.candidates, per_file, paths, self.workers, cache_dir, cwd
        )
        self.job = AuditJob(per_file, selected, listing.project(), cache)
        self.timings = {"discovery": discovered - started}
        self.timings["project index"] = time.perf_counter() - discovered
        # A warm run (every summary in the cache, and this index run before) takes what the
        # cache holds first: the summaries are read and the call graph built only if a
        # Python file is not there (after an edit that keeps the index as it was).
        self.warm = (
            cache is not None and not listing.fresh and cache.get_data(_ran_key(cache)) is not None
        )
        self.prepared = False  # a cold run prepares while its first files are audited
        self.warnings: list[str] = []  # said on stderr with the report's own

    def prepare(self) -> None:
        """Read the index's summaries, build the call graph and what the prefilters ask of
        it, once, before the workers fork (they inherit all three)."""
        if self.prepared:
            return
        started = time.perf_counter()
        self.prepared = True
        if self.job.project.python:
            from auditor.python.model.call_graph import call_graph

            try:
                call_graph(self.job.project)
                self.job.prepare()
            except RecursionError:
                # past Python's stack: the run goes on, each Python file on its own
                self.job.project = self.job.project._replace(python={})
                self.job.auditors.clear()
                self.warnings.append(GRAPH_TOO_DEEP)
        # The index and the call graph live as long as the run and hold no garbage: kept
        # out of the collector's full passes, which else walk them again and again while
        # every file's parse allocates (cold run on gptme + gptme-contrib: -2.5 s).
        gc.freeze()
        self.timings["call graph"] = time.perf_counter() - started

    def audit(self, progress: Progress | None = None, verbose: bool = False) -> Report:
        """Audit the files; the report is in deterministic order. `verbose` adds notes on
        the files each shell script sources."""
        return _audit(self, progress, verbose)

    def fix(self, displays: set[str], *, unsafe: bool) -> Iterator[tuple[Candidate, FixAttempt]]:
        """Fix the files that reports show as `displays`, in parallel, each file's first
        audit read from the cache the audit wrote."""
        candidates = [c for c in self.found.candidates if c.display in displays]
        self.prepare()
        fixed = _mapped(FixJob(self.job, unsafe), candidates, self.workers, crashed_fix)
        return zip(candidates, fixed, strict=True)


def audit(
    paths: Sequence[Path],
    settings: Settings | Configs,
    *,
    rules: Sequence[type[AnyRule]] | None = None,
    progress: Progress | None = None,
    cwd: Path | None = None,
    jobs: int | None = None,
    cache_dir: Path | None = None,
    verbose: bool = False,
) -> Report:
    """Audit files and folders (see `AuditRun`); the report is in deterministic order."""
    run = AuditRun(paths, settings, rules=rules, cwd=cwd, jobs=jobs, cache_dir=cache_dir)
    return run.audit(progress, verbose)


def _audit(run: AuditRun, progress: Progress | None, verbose: bool) -> Report:
    started, prepared = time.perf_counter(), run.prepared  # else built in the analysis, if at all
    found, job = run.found, run.job
    candidates = found.candidates
    report = Report(diagnostics=list(found.diagnostics))
    report.warnings = _empty_folders(run.paths, found, run.cwd)
    past_bound: set[str] = set()
    for display, reason in found.unaudited:
        position = job.file_settings.position(display)
        report.findings.extend(job.auditor(position).not_audited(display, reason).findings)
    results = _warm(run) if run.warm else _cold(run)
    for done, (candidate, result) in enumerate(zip(candidates, results, strict=True), 1):
        if progress is not None:
            progress(done, len(candidates))
        report.diagnostics.extend(result.diagnostics)
        if result.past_bound:
            past_bound.add(candidate.display)
        report.suppressed += result.suppressed
        report.suppressions.extend(result.suppressions)
        if result.checked:
            report.files_checked += 1
        if result.findings:
            report.findings.extend(result.findings)
            if result.text is not None:
                report.sources[candidate.display] = result.text
    report.warnings += run.warnings  # (known once the run has prepared)
    report.findings.sort(key=lambda finding: finding.sort_key)
    report.suppressions.sort()
    if job.cache is not None and run.cache_dir is not None:
        from auditor.cache import prune_if_full

        if not run.warm:
            job.cache.put_data(_ran_key(job.cache), {"ran": True})
        prune_if_full(run.cache_dir)
    graph = run.timings.get("call graph", 0.0)
    analysis = time.perf_counter() - started - (0.0 if prepared else graph)
    report.timings = {**run.timings, "call graph": graph, "analysis": analysis}
    report.notes = list(found.notes)
    if verbose:
        report.notes += _sourced_notes(
            [c for c in candidates if c.display not in past_bound], run.settings
        )
    return report


def _cold(run: AuditRun) -> Iterator[JobResult]:
    """A cold run's results, in order. Only Python's audit reads the call graph: the other
    files go to workers first, and the graph is built while they run; Python's then go to
    workers forked once it is built (they inherit it, and no pool is alive at the fork)."""
    candidates = run.found.candidates
    others = [c for c in candidates if c.kind is not FileKind.PYTHON]
    audited = _mapped(run.job, others, run.workers, crashed_audit)
    first = next(audited, None)  # the workers start on the other files
    run.prepare()
    early = iter([*([first] if first is not None else []), *audited])
    python = [c for c in candidates if c.kind is FileKind.PYTHON]
    late = _mapped(run.job, python, run.workers, crashed_audit)
    for candidate in candidates:
        yield next(late) if candidate.kind is FileKind.PYTHON else next(early)
    next(late, None)  # its pool's `with` block ends now (its workers stop), not at exit


def _warm(run: AuditRun) -> Iterator[JobResult]:
    """A warm run's results, in order: those the cache holds, then (in workers forked once
    the index is prepared, if a Python file needs it) the files it did not hold."""
    candidates = run.found.candidates
    held = list(_mapped(CachedJob(run.job), candidates, run.workers, _not_held))
    missed = [c for c, result in zip(candidates, held, strict=True) if result is None]
    if any(candidate.kind is FileKind.PYTHON for candidate in missed):
        run.prepare()
    audited = _mapped(run.job, missed, run.workers, crashed_audit)
    for result in held:
        yield result if result is not None else next(audited)
    next(audited, None)  # (as in `_cold`)


def _not_held(candidate: Candidate) -> None:
    return None  # a worker that crashed on reading the cache: the audit tries the file again


def _sourced_notes(candidates: Sequence[Candidate], settings: Settings) -> list[Note]:
    """`--verbose`: the files each shell script sources. Listing them analyses the scripts
    again, so it is bounded as the audit is: a script past `--timeout` there is left out
    (it is RA901), and the pass as a whole may take the bound of each script it reads."""
    from auditor.shell.sources import sourced_notes

    scripts = sum(1 for candidate in candidates if candidate.kind is FileKind.SHELL)
    try:
        with time_bound(settings.timeout * scripts):
            return sourced_notes(candidates, settings.max_file_size, settings.source_path)
    except FileTimeout:
        return [Note("sourced files", "not listed: past the time bound (`--timeout`)")]


def _empty_folders(paths: Sequence[Path], found: Discovery, cwd: Path | None) -> list[str]:
    """A warning for each folder given that holds no runner file (as ruff warns), unless
    `--force-exclude` passed it over (a note says so)."""
    base = cwd or Path.cwd()
    excluded = {os.path.abspath(base / n.path) for n in found.notes if n.message == EXCLUDED}
    warnings = []
    for given in sorted(set(paths)):
        folder = os.path.abspath(base / given)
        if not os.path.isdir(folder) or folder in excluded:
            continue
        if not any(os.path.commonpath([folder, c.path]) == folder for c in found.candidates):
            warnings.append(f"no runner files found under {given.as_posix()}")
    return warnings


def audit_stdin(data: bytes, filename: str, settings: Settings) -> Report:
    """Audit bytes read from standard input as if they were the file `filename`."""
    report = Report()
    name = filename.replace(os.sep, "/")
    if settings.force_exclude and settings.is_excluded(Path(filename), settings.root):
        report.notes.append(Note(name, EXCLUDED))
        return report
    kind = classify(Path(filename), data[:WORKFLOW_HEAD])
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
            # As if it were that file: a named file's sources are read inside its folder.
            result = auditor.audit_source(source, kind, Path(os.path.abspath(filename)))
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


def _inside_audited_tree(directory: Path, paths: Sequence[Path], cwd: Path | None) -> bool:
    """Whether the cache would be written under a folder being audited."""
    base = cwd or Path.cwd()
    cache = Path(os.path.realpath(base / directory))
    for path in paths:
        root = Path(os.path.realpath(base / path))
        if root.is_dir() and (cache == root or root in cache.parents):
            return True
    return False
