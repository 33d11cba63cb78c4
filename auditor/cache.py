"""A result cache keyed by file content, runaudit's build, configuration and rule set.

Entries live in the user's cache directory (`--cache-dir`, `RUNAUDIT_CACHE_DIR`, or
the platform's: `$XDG_CACHE_HOME/runaudit` or `~/.cache/runaudit`,
`~/Library/Caches/runaudit`, `%LOCALAPPDATA%\\runaudit\\Cache`), never in the
audited tree. Each entry is one JSON file written atomically (a temporary file
named after the writing process, then a rename); an entry that cannot be read or
does not have the expected shape is ignored and written again. Keys hold nothing
of where the tree is on disk, so clones and worktrees of one tree share entries.

The cache is bounded: a read marks an entry used (its modification time), and
past `SIZE_LIMIT` the least recently used entries are removed (`prune_if_full`,
once per run). `clear` empties it (`runaudit clean`).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import re
import sys
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any, NamedTuple

import auditor
from auditor.finding import (
    Applicability,
    AppliedSuppression,
    Diagnostic,
    DiagnosticKind,
    Edit,
    Finding,
    Fix,
    Position,
    RelatedLocation,
    Severity,
    Span,
)

FORMAT = "v2"  # v2: entries hold the suppressions in effect


def default_cache_dir(
    environ: Mapping[str, str] = os.environ, platform: str = sys.platform
) -> Path:
    """Where results are cached unless `--cache-dir` says otherwise: `RUNAUDIT_CACHE_DIR`,
    else the platform's user cache directory (what `platformdirs` would say)."""
    explicit = environ.get("RUNAUDIT_CACHE_DIR")
    if explicit:
        return Path(explicit)
    home = Path(os.path.expanduser("~"))
    if platform == "win32":
        local = environ.get("LOCALAPPDATA")
        return Path(local or home / "AppData" / "Local") / "runaudit" / "Cache"
    if platform == "darwin":
        return home / "Library" / "Caches" / "runaudit"
    # The XDG spec makes a relative path invalid: it would follow the working directory.
    base = environ.get("XDG_CACHE_HOME", "")
    return Path(base if os.path.isabs(base) else home / ".cache") / "runaudit"


@functools.cache
def build_id() -> str:
    """runaudit's version and a digest of its own code and data: any change invalidates.

    The digest covers each file's name, size and modification time, not its
    bytes: reading and hashing the whole package cost 30 ms, a third of a
    pre-commit run on one file. Installing or editing a file changes both.
    """
    digest = hashlib.sha256(auditor.__version__.encode())
    import rules

    for package in (auditor, rules):
        root = Path(package.__file__ or "").parent
        for path in sorted(root.rglob("*")):
            if path.suffix in (".py", ".toml", ".json") and "__pycache__" not in path.parts:
                status = path.stat()
                entry = f"{path.relative_to(root)}\0{status.st_size}\0{status.st_mtime_ns}\0"
                digest.update(entry.encode("utf-8", "surrogatepass"))
    return f"{auditor.__version__}-{digest.hexdigest()[:16]}"


def _span(span: Span) -> list[int]:
    return [span.start.line, span.start.column, span.end.line, span.end.column]


def _unspan(values: list[int]) -> Span:
    a, b, c, d = (_int(value) for value in values)
    return Span(Position(a, b), Position(c, d))


# A cache entry is data from disk: every field is checked for its type, so an entry
# with valid JSON of the wrong shape is recomputed instead of crashing a renderer.
def _str(value: object) -> str:
    if type(value) is not str:
        raise TypeError("not a string")
    return value


def _optional_str(value: object) -> str | None:
    return None if value is None else _str(value)


def _int(value: object) -> int:
    if type(value) is not int:
        raise TypeError("not an integer")
    return value


def _str_list(value: object) -> list[str]:
    if type(value) is not list:
        raise TypeError("not a list")
    return [_str(item) for item in value]


def finding_to_data(finding: Finding) -> dict[str, Any]:
    """A finding as JSON-ready data."""
    fix = finding.fix
    return {
        "path": finding.path,
        "span": _span(finding.span),
        "code": finding.code,
        "name": finding.name,
        "severity": finding.severity.value,
        "message": finding.message,
        "hint": finding.hint,
        "url": finding.url,
        "fix": None
        if fix is None
        else {
            "applicability": fix.applicability.value,
            "description": fix.description,
            "edits": [[e.start_offset, e.end_offset, e.content] for e in fix.edits],
        },
        "related": [[r.path, _span(r.span), r.message] for r in finding.related],
    }


def finding_from_data(data: dict[str, Any]) -> Finding:
    """The finding `finding_to_data` described."""
    fix = data["fix"]
    return Finding(
        path=_str(data["path"]),
        span=_unspan(data["span"]),
        code=_str(data["code"]),
        name=_str(data["name"]),
        severity=Severity(data["severity"]),
        message=_str(data["message"]),
        hint=_optional_str(data["hint"]),
        fix=None
        if fix is None
        else Fix(
            tuple(Edit(_int(a), _int(b), _str(c)) for a, b, c in fix["edits"]),
            Applicability(fix["applicability"]),
            _str(fix["description"]),
        ),
        related=tuple(RelatedLocation(_str(p), _unspan(s), _str(m)) for p, s, m in data["related"]),
        url=_str(data["url"]),
    )


class CachedResult(NamedTuple):
    """What a cache entry holds for one file."""

    findings: list[Finding]
    diagnostics: list[Diagnostic]
    suppressed: int
    suppressions: tuple[AppliedSuppression, ...]
    # a script's look-ups of the files it sources: the entry holds while they give the same
    sourced: tuple[tuple[str, str, str, str], ...] = ()


ENTRY_LIMIT = 16 * 1024 * 1024  # one file's findings; a real entry is a few KB


class ResultCache:
    """Cached per-file results under one directory, for one run's configuration."""

    def __init__(self, directory: Path, context: Iterable[str]) -> None:
        self.directory = directory / FORMAT
        digest = hashlib.sha256(build_id().encode())
        for part in context:
            digest.update(b"\0" + part.encode("utf-8", "surrogatepass"))
        self.context = digest.hexdigest()
        self._folders: set[Path] = set()  # entry folders known to exist

    def key(self, display: str, kind: str, data: bytes, detail: str = "") -> str:
        """The entry key of one file's content in this context: `display` is the path the
        results carry, `detail` what else of the file's place decides them."""
        digest = hashlib.sha256(self.context.encode())
        for part in (display, kind, detail):
            digest.update(part.encode("utf-8", "surrogatepass") + b"\0")
        digest.update(data)
        return digest.hexdigest()

    def _path(self, key: str) -> Path:
        return self.directory / key[:2] / f"{key}.json"

    def get_data(self, key: str) -> Any:
        """A raw JSON entry, or None when missing or unreadable."""
        from auditor.discover import RefusedFile, read_bounded

        path = self._path(key)
        try:
            # Entries are files on disk that something else could replace: no links, FIFOs
            # or devices, and a size cap; anything odd is a miss, recomputed.
            data = json.loads(read_bounded(path, ENTRY_LIMIT).decode("utf-8"))
        except (OSError, ValueError, RecursionError, RefusedFile):
            return None
        self.touch(key)
        return data

    def touch(self, key: str) -> bool:
        """Mark an entry used now: pruned last (a read-only cache is fine). False when the
        entry is gone (pruned)."""
        try:
            os.utime(self._path(key))
        except FileNotFoundError:
            return False
        except OSError:
            pass  # there, but not ours to touch
        return True

    def get(self, key: str) -> CachedResult | None:
        """The cached result, or None when missing or unreadable (it is then rewritten)."""
        data = self.get_data(key)
        try:
            return CachedResult(
                [finding_from_data(item) for item in data["findings"]],
                [
                    Diagnostic(_str(p), DiagnosticKind(k), _str(m))
                    for p, k, m in data["diagnostics"]
                ],
                _int(data["suppressed"]),
                tuple(
                    AppliedSuppression(_str(p), _int(line), tuple(_str_list(codes)), _int(hidden))
                    for p, line, codes, hidden in data["suppressions"]
                ),
                tuple(
                    (_str(how), _str(current), _str(written), _str(outcome))
                    for how, current, written, outcome in data.get("sourced", ())
                ),
            )
        except (ValueError, KeyError, TypeError, IndexError):
            return None

    def put(self, key: str, result: CachedResult) -> None:
        """Store a result atomically."""
        data = {
            "findings": [finding_to_data(f) for f in result.findings],
            "diagnostics": [[d.path, d.kind.value, d.message] for d in result.diagnostics],
            "suppressed": result.suppressed,
            "suppressions": [
                [s.path, s.line, list(s.codes), s.hidden] for s in result.suppressions
            ],
        }
        if result.sourced:
            data["sourced"] = [list(lookup) for lookup in result.sourced]
        self.put_data(key, data)

    def put_data(self, key: str, data: Any) -> None:
        """Store a raw JSON entry atomically; a cache that cannot be written is skipped
        (the run's results do not depend on it)."""
        self.put_text(key, json.dumps(data, separators=(",", ":")))  # no blanks

    def put_text(self, key: str, text: str) -> None:
        """Store an entry already written as JSON text (see `put_data`)."""
        path = self._path(key)
        # One writer per process, one entry at a time: the process id makes the name unique
        # (mkstemp's random names cost twice as much as the write itself).
        temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        try:
            if path.parent not in self._folders:
                path.parent.mkdir(parents=True, exist_ok=True)
                self._folders.add(path.parent)
            # one string: `json.dump` streams through Python code
            with open(temporary, "w", encoding="utf-8") as stream:
                stream.write(text)
            os.replace(temporary, path)
        except OSError:  # a full disk must not leave a partial temporary behind
            with contextlib.suppress(OSError):
                temporary.unlink()


SIZE_LIMIT = 256 * 1024 * 1024  # bytes; past it the least recently used entries go
_SHARDS = 256  # entry folders, by the first two hex digits of the key
_FORMAT_FOLDER = re.compile(r"v[0-9]+")
_SHARD_FOLDER = re.compile(r"[0-9a-f]{2}")
# An entry, or the temporary a writer renames into one (left behind if it was killed).
_ENTRY_FILE = re.compile(r"[0-9a-f]{64}\.json|\.[0-9a-f]{64}\.json\.[0-9]+\.tmp")


def _scan(folder: Path, pattern: re.Pattern[str], *, folders: bool) -> Iterator[os.DirEntry[str]]:
    """The real folders (or files) of `folder` named by `pattern`: never through a link."""
    try:
        with os.scandir(folder) as found:
            for item in found:
                kind_matches = item.is_dir if folders else item.is_file
                if pattern.fullmatch(item.name) and kind_matches(follow_symlinks=False):
                    yield item
    except OSError:  # missing or unreadable: nothing of ours there
        return


def _entry_files(
    directory: Path, shards: Iterable[str] | None = None
) -> Iterator[os.DirEntry[str]]:
    """The files runaudit wrote under a cache directory, in every format's folder (or only in
    the `shards` named); anything else there is left alone."""
    for version in _scan(directory, _FORMAT_FOLDER, folders=True):
        for shard in _scan(Path(version.path), _SHARD_FOLDER, folders=True):
            if shards is None or shard.name in shards:
                yield from _scan(Path(shard.path), _ENTRY_FILE, folders=False)


def _sizes(files: Iterable[os.DirEntry[str]]) -> Iterator[tuple[float, int, str]]:
    """(modification time, size, path) of each file still there."""
    for file in files:
        try:
            status = file.stat(follow_symlinks=False)
        except OSError:  # removed meanwhile by another run
            continue
        yield status.st_mtime, status.st_size, file.path


def prune_if_full(directory: Path, limit: int = SIZE_LIMIT) -> int:
    """Prune the cache when it looks larger than `limit`; the bytes removed.

    Keys are uniform hashes, so one random entry folder holds about 1/256 of the
    cache: its size times 256 estimates the whole without listing every entry
    (a millisecond or two at the limit, where listing every entry takes seconds).
    """
    shard = f"{os.urandom(1)[0]:02x}"
    sample = sum(size for _, size, _ in _sizes(_entry_files(directory, [shard])))
    return prune(directory, limit) if sample * _SHARDS > limit else 0


def prune(directory: Path, limit: int = SIZE_LIMIT) -> int:
    """Remove the least recently used entries of a cache above `limit` until it holds three
    quarters of it (so the next runs do not prune again); the bytes removed."""
    entries = sorted(_sizes(_entry_files(directory)))
    total = sum(size for _, size, _ in entries)
    if total <= limit:
        return 0
    removed = 0
    for _, size, path in entries:
        if total <= limit * 3 // 4:
            break
        with contextlib.suppress(OSError):  # another run removed it first, or it cannot go
            os.unlink(path)
            removed += size
        total -= size
    return removed


class Removed(NamedTuple):
    """What emptying a cache removed."""

    files: int
    size: int  # bytes

    def summary(self) -> str:
        """`3 cache files (2.1 KiB)`."""
        files = f"{self.files} cache file{'' if self.files == 1 else 's'}"
        if self.size < 1024:
            return f"{files} ({self.size} bytes)"
        if self.size < 1024 * 1024:
            return f"{files} ({self.size / 1024:.1f} KiB)"
        return f"{files} ({self.size / (1024 * 1024):.1f} MiB)"


def clear(directory: Path) -> Removed:
    """Empty a cache directory: remove the entries (and temporaries) runaudit wrote there
    and their folders, and nothing else (`--cache-dir ~` must not empty a home)."""
    files = list(_sizes(_entry_files(directory)))
    for _, _, path in files:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)
    for version in _scan(directory, _FORMAT_FOLDER, folders=True):
        for shard in _scan(Path(version.path), _SHARD_FOLDER, folders=True):
            with contextlib.suppress(OSError):  # not empty: it holds something not ours
                os.rmdir(shard.path)
        with contextlib.suppress(OSError):
            os.rmdir(version.path)
    return Removed(len(files), sum(size for _, size, _ in files))
