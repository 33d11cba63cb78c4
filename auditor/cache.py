"""A result cache keyed by file content, runaudit's build, configuration and rule set.

Entries live in the user's cache directory (`--cache-dir`, `RUNAUDIT_CACHE_DIR`,
`$XDG_CACHE_HOME/runaudit`, `~/.cache/runaudit`), never in the audited tree.
Each entry is one JSON file written atomically (a temporary file named after
the writing process, then a rename); an
entry that cannot be read or does not have the expected shape is ignored and
written again.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any, NamedTuple

import auditor
from auditor.finding import (
    Applicability,
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

FORMAT = "v1"


def default_cache_dir() -> Path:
    """Where results are cached unless `--cache-dir` says otherwise."""
    explicit = os.environ.get("RUNAUDIT_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "runaudit"


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

    def key(self, display: str, kind: str, data: bytes) -> str:
        """The entry key of one file's content in this context."""
        digest = hashlib.sha256(self.context.encode())
        digest.update(display.encode("utf-8", "surrogatepass") + b"\0" + kind.encode() + b"\0")
        digest.update(data)
        return digest.hexdigest()

    def _path(self, key: str) -> Path:
        return self.directory / key[:2] / f"{key}.json"

    def get_data(self, key: str) -> Any:
        """A raw JSON entry, or None when missing or unreadable."""
        from auditor.discover import RefusedFile, read_bounded

        try:
            # Entries are files on disk that something else could replace: no links, FIFOs
            # or devices, and a size cap; anything odd is a miss, recomputed.
            return json.loads(read_bounded(self._path(key), ENTRY_LIMIT).decode("utf-8"))
        except (OSError, ValueError, RecursionError, RefusedFile):
            return None

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
            )
        except (ValueError, KeyError, TypeError, IndexError):
            return None

    def put(self, key: str, result: CachedResult) -> None:
        """Store a result atomically."""
        data = {
            "findings": [finding_to_data(f) for f in result.findings],
            "diagnostics": [[d.path, d.kind.value, d.message] for d in result.diagnostics],
            "suppressed": result.suppressed,
        }
        self.put_data(key, data)

    def put_data(self, key: str, data: Any) -> None:
        """Store a raw JSON entry atomically; a cache that cannot be written is skipped
        (the run's results do not depend on it)."""
        path = self._path(key)
        # One writer per process, one entry at a time: the process id makes the name unique
        # (mkstemp's random names cost twice as much as the write itself).
        temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        try:
            if path.parent not in self._folders:
                path.parent.mkdir(parents=True, exist_ok=True)
                self._folders.add(path.parent)
            with open(temporary, "w", encoding="utf-8") as stream:
                json.dump(data, stream)
            os.replace(temporary, path)
        except OSError:  # a full disk must not leave a partial temporary behind
            with contextlib.suppress(OSError):
                temporary.unlink()
