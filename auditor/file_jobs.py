"""What a worker does with one file of a run: audit it under its own settings through the
cache (`AuditJob`), or fix it, each audit of its text and fixed texts read from and
stored in that cache under the time bound (`FixJob`). Both are picklable, for worker
processes; `auditor.run` maps them over the files."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from auditor.config import Settings
from auditor.configs import FileSettings, settings_digest
from auditor.discover import Candidate, RefusedFile, TooLarge, read_bounded
from auditor.engine import AnyRule, Auditor
from auditor.finding import AppliedSuppression, Diagnostic, DiagnosticKind, Finding
from auditor.kinds import FileKind
from auditor.not_audited import fix_timed_out, timed_out, too_large, unreadable
from auditor.project import ProjectIndex
from auditor.source import SourceFile, decode, python_encoding
from auditor.timebound import FileTimeout, time_bound

if TYPE_CHECKING:
    from auditor.cache import CachedResult, ResultCache
    from auditor.engine import FileResult
    from auditor.fixes import FixAttempt


class JobResult(NamedTuple):
    """What auditing one file gave, as a worker hands it back."""

    findings: list[Finding]
    diagnostics: list[Diagnostic]
    suppressed: int = 0
    checked: bool = False
    text: str | None = None  # only for files with findings
    suppressions: tuple[AppliedSuppression, ...] = ()
    past_bound: bool = False  # its analysis ran past `--timeout`


def _valid(
    cached: CachedResult | None, candidate: Candidate, settings: Settings
) -> CachedResult | None:
    """A cache entry of the file, if it still holds: a file whose shell sources others or
    runs the project's scripts is keyed by its own bytes, and held only while the files
    it read (and those it looked for and did not find) are as they were."""
    if cached is None or not cached.sourced:
        return cached
    from auditor.shell.includes import SourcedFiles, source_place

    place = source_place(
        candidate.path, candidate.root, settings.max_file_size, settings.source_path
    )
    return cached if SourcedFiles(*place).unchanged(cached.sourced) else None


class AuditJob:
    """Audits one file under its own settings, through the cache (picklable, for worker
    processes); `rules`: the rules of each of the settings."""

    def __init__(
        self,
        settings: FileSettings,
        rules: Sequence[Sequence[type[AnyRule]]],
        project: ProjectIndex,
        cache: ResultCache | None,
    ) -> None:
        self.file_settings, self.rules, self.project, self.cache = settings, rules, project, cache
        self.auditors: dict[int, Auditor] = {}
        # Each settings' part of the cache keys; without a cache, not computed (hashlib
        # costs 4 MiB of RSS).
        pairs = zip(settings.choices, rules, strict=True) if cache is not None else ()
        self.keys = [settings_digest(s, r) for s, r in pairs]

    def auditor(self, position: int) -> Auditor:
        """The auditor of one of the settings, built on first use in the process that audits."""
        if position not in self.auditors:
            settings = self.file_settings.choices[position]
            self.auditors[position] = Auditor(settings, self.rules[position], self.project)
        return self.auditors[position]

    def prepare(self) -> None:
        """Build each settings' auditor and the facts of the whole project its prefilters
        ask (from the call graph), once, before the workers fork (they inherit them)."""
        for position in range(len(self.file_settings.choices)):
            self.auditor(position).prepare()

    def __call__(self, candidate: Candidate) -> JobResult:
        position = self.file_settings.position(candidate.display)
        settings = self.file_settings.choices[position]
        try:
            data = read_bounded(candidate.path, settings.max_file_size)
        except TooLarge as error:
            return self._not_audited(position, candidate.display, too_large(error))
        except RefusedFile as error:
            return JobResult(
                [], [Diagnostic(candidate.display, DiagnosticKind.SKIPPED, str(error))]
            )
        except OSError as error:
            return self._not_audited(position, candidate.display, unreadable(error))
        cache, key = self._cache_for(candidate, data, position)
        held = self._held(candidate, data, cache, key, settings)
        if held is not None:
            return held
        encoding = python_encoding(data) if candidate.kind is FileKind.PYTHON else "utf-8"
        source = decode(candidate.display, data, encoding)
        try:
            with time_bound(settings.timeout):
                result = self.auditor(position).audit_source(
                    source, candidate.kind, candidate.path, candidate.root
                )
        except FileTimeout:
            reason = timed_out(settings.timeout)
            result = self.auditor(position).not_audited(candidate.display, reason)
            return JobResult(result.findings, result.diagnostics, past_bound=True)
        if cache is not None:
            _store(cache, key, result)
        return JobResult(
            result.findings,
            result.diagnostics,
            result.suppressed,
            checked=True,
            text=source.text if result.findings else None,
            suppressions=result.suppressions,
        )

    def cached(self, candidate: Candidate) -> JobResult | None:
        """The file's result if the cache holds it, else None (it is to be audited with
        the whole index)."""
        position = self.file_settings.position(candidate.display)
        settings = self.file_settings.choices[position]
        try:
            data = read_bounded(candidate.path, settings.max_file_size)
        except (OSError, RefusedFile):
            return None
        cache, key = self._cache_for(candidate, data, position)
        return self._held(candidate, data, cache, key, settings)

    @staticmethod
    def _held(
        candidate: Candidate,
        data: bytes,
        cache: ResultCache | None,
        key: str,
        settings: Settings,
    ) -> JobResult | None:
        """The result `cache` holds under `key`, or None (also when a file the script
        sourced has changed since)."""
        cached = _valid(cache.get(key) if cache else None, candidate, settings)
        if cached is None:
            return None
        encoding = python_encoding(data) if candidate.kind is FileKind.PYTHON else "utf-8"
        text = decode(candidate.display, data, encoding).text if cached.findings else None
        return JobResult(
            cached.findings,
            cached.diagnostics,
            cached.suppressed,
            checked=True,
            text=text,
            suppressions=cached.suppressions,
        )

    def _cache_for(
        self, candidate: Candidate, data: bytes, position: int
    ) -> tuple[ResultCache | None, str]:
        """The cache a file's result goes through (None: not cached) and its key there."""
        # A script that sources others is audited with their functions and variables, which
        # its own bytes do not key: its entry records what it read (see `_held`).
        if self.cache is None:
            return None, ""
        settings = self.file_settings.choices[position]
        detail = ",".join([self.keys[position], *_ignored_codes(settings, candidate.display)])
        return self.cache, self.cache.key(candidate.display, candidate.kind.value, data, detail)

    def audit_through_cache(
        self, candidate: Candidate, source: SourceFile, data: bytes
    ) -> FileResult:
        """The audit of `source` (read from `candidate` as `data`) under the candidate's
        settings, from the cache if it is there, else audited and stored."""
        from auditor.engine import FileResult

        position = self.file_settings.position(candidate.display)
        settings = self.file_settings.choices[position]
        cache, key = self._cache_for(candidate, data, position)
        cached = _valid(cache.get(key) if cache else None, candidate, settings)
        if cached is not None:
            return FileResult(
                cached.findings, cached.diagnostics, source, cached.suppressed, cached.suppressions
            )
        auditor = self.auditor(position)
        result = auditor.audit_source(source, candidate.kind, candidate.path, candidate.root)
        if cache is not None:
            _store(cache, key, result)
        return result

    def _not_audited(self, position: int, display: str, reason: str) -> JobResult:
        result = self.auditor(position).not_audited(display, reason)
        return JobResult(result.findings, result.diagnostics)


class CachedJob:
    """What the cache holds of one file's audit, None when it holds nothing (picklable):
    a warm run's first pass (see `AuditJob.cached`)."""

    def __init__(self, audits: AuditJob) -> None:
        self.audits = audits

    def __call__(self, candidate: Candidate) -> JobResult | None:
        return self.audits.cached(candidate)


class FixJob:
    """Fixes one file: its first audit read through the cache as `AuditJob` reads it, each
    re-audit of the fixed text under the time bound (picklable, for worker processes)."""

    def __init__(self, audits: AuditJob, unsafe: bool) -> None:
        self.audits, self.unsafe = audits, unsafe

    def __call__(self, candidate: Candidate) -> FixAttempt:
        from auditor.fixes import FixAttempt, fix_text, round_trips

        settings = self.audits.file_settings.of(candidate.display)
        try:
            data = read_bounded(candidate.path, settings.max_file_size)
        except (OSError, RefusedFile) as error:
            return FixAttempt(note=f"not fixed: {error}")
        encoding = python_encoding(data) if candidate.kind is FileKind.PYTHON else "utf-8"
        source = decode(candidate.display, data, encoding)
        if source.decode_error:
            return FixAttempt(note=f"not fixed: {source.decode_error}")
        if not round_trips(source.text, source.encoding, data):
            return FixAttempt(
                note=f"not fixed: its encoding ({source.encoding}) does not give back the"
                " same bytes it was read from"
            )
        audits = _FileAudits(self.audits, candidate, settings.timeout)
        try:
            fixed = fix_text(source, candidate.kind, audits, self.unsafe)
        except FileTimeout:
            return FixAttempt(note=fix_timed_out(settings.timeout))
        return FixAttempt(data, source.text, source.encoding, fixed, fixed.note)


class _FileAudits:
    """Audits one file's text and its fixed texts through the cache, each under the time
    bound (`FileTimeout` past it): a fixed text is keyed by its own bytes, so a later run
    (or `--fix` after `--diff`) finds it there."""

    def __init__(self, job: AuditJob, candidate: Candidate, timeout: float) -> None:
        self.job, self.candidate, self.timeout = job, candidate, timeout

    def audit_source(self, source: SourceFile, kind: FileKind) -> FileResult:
        """`source` audited as the candidate's text (its place: where it sources from)."""
        with time_bound(self.timeout):
            try:
                data = source.text.encode(source.encoding)
            except (LookupError, UnicodeError):
                position = self.job.file_settings.position(self.candidate.display)
                place = (self.candidate.path, self.candidate.root)
                return self.job.auditor(position).audit_source(source, kind, *place)
            return self.job.audit_through_cache(self.candidate, source, data)


def crashed_fix(candidate: Candidate) -> FixAttempt:
    from auditor.fixes import FixAttempt

    return FixAttempt(note="not fixed: the worker process fixing it crashed (a parser bug)")


def _store(cache: ResultCache, key: str, result: FileResult) -> None:
    """Cache a file's result, unless something went wrong auditing it."""
    if any(d.is_error for d in result.diagnostics):
        return
    from auditor.cache import CachedResult

    entry = CachedResult(
        result.findings,
        result.diagnostics,
        result.suppressed,
        result.suppressions,
        result.sourced or (),
    )
    cache.put(key, entry)


def crashed_audit(candidate: Candidate) -> JobResult:
    message = "the worker process auditing this file crashed (a parser bug); file not audited"
    return JobResult([], [Diagnostic(candidate.display, DiagnosticKind.INTERNAL, message)])


def _ignored_codes(settings: Settings, display: str) -> list[str]:
    """The codes `per-file-ignores` turns off for a file."""
    if not settings.per_file_ignores:
        return []
    from auditor.registry import all_rules

    return [rule.code for rule in all_rules() if settings.ignored_for(Path(display), rule.code)]
