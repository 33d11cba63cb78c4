"""Baselines: switch runaudit on in an old codebase and see only new findings.

`--write-baseline FILE` records every current finding; `--baseline FILE`
hides the findings it records. A finding is recorded by what survives edits
elsewhere in the file: its path, its code, a fingerprint of the flagged
line(s) with whitespace collapsed (so lines may move and be re-indented), and
its occurrence index among findings of that file with the same code and
fingerprint (so two identical flagged lines are two entries). Paths are
stored relative to the baseline file's directory, with `/` separators.

The file is JSON (version 1):

    {"version": 1, "tool": "runaudit 0.1.0", "comment": "…",
     "findings": [{"path": "scripts/run.sh", "code": "RA101",
                   "fingerprint": "9f86d081884c7d65", "occurrence": 0,
                   "line": 12, "message": "…"}]}

`line` and `message` help a reviewer read the file; matching ignores them.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from auditor import __version__
from auditor.errors import UserError
from auditor.finding import Finding, Report
from auditor.safe_write import NotRewritten, write_atomic

VERSION = 1
COMMENT = (
    "runaudit baseline: findings listed here are not reported by `runaudit check "
    "--baseline <this file>`. Regenerate with --write-baseline; see the README."
)


class BaselineError(UserError):
    """A baseline file that cannot be read or does not have the documented shape."""


@dataclass(frozen=True, order=True)
class Entry:
    """What identifies one recorded finding."""

    path: str  # relative to the baseline file's directory, `/`-separated
    code: str
    fingerprint: str
    occurrence: int


@dataclass(frozen=True)
class Baseline:
    """The entries of a baseline file and the directory its paths are relative to."""

    directory: Path
    entries: frozenset[Entry]


def flagged_text(finding: Finding, text: str | None) -> str:
    """The finding's line(s), whitespace collapsed; the message if the text is unknown."""
    if text is None:
        return finding.message
    lines = text.split("\n")
    first, last = finding.span.start.line, finding.span.end.line
    if last > first and finding.span.end.column == 1:
        last -= 1  # the span ends at the start of a line: that line is not flagged
    return " ".join(" ".join(lines[first - 1 : last]).split())


def fingerprint(finding: Finding, text: str | None) -> str:
    """A short hash of the normalized flagged text."""
    return hashlib.sha256(flagged_text(finding, text).encode("utf-8", "replace")).hexdigest()[:16]


def _relative(path: str, directory: Path) -> str:
    absolute = os.path.abspath(path)
    try:
        return Path(os.path.relpath(absolute, directory)).as_posix()
    except ValueError:  # another drive on Windows
        return Path(absolute).as_posix()


def entries(report: Report, directory: Path) -> list[tuple[Entry, Finding]]:
    """Each finding of the report with the entry that records it."""
    seen: dict[tuple[str, str, str], int] = {}
    result = []
    for finding in report.findings:
        path = _relative(finding.path, directory)
        mark = fingerprint(finding, report.sources.get(finding.path))
        key = (path, finding.code, mark)
        occurrence = seen.get(key, 0)
        seen[key] = occurrence + 1
        result.append((Entry(path, finding.code, mark, occurrence), finding))
    return result


def write_baseline_file(report: Report, file: Path) -> int:
    """Record every finding of `report` in `file` (atomically); the number recorded."""
    directory = Path(os.path.abspath(file)).parent
    recorded = sorted(
        entries(report, directory),
        key=lambda pair: (pair[0].path, pair[1].span.start, pair[0].code, pair[0].occurrence),
    )
    data = {
        "version": VERSION,
        "tool": f"runaudit {__version__}",
        "comment": COMMENT,
        "findings": [
            {
                "path": entry.path,
                "code": entry.code,
                "fingerprint": entry.fingerprint,
                "occurrence": entry.occurrence,
                "line": finding.span.start.line,
                "message": finding.message,
            }
            for entry, finding in recorded
        ],
    }
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    target = _write_target(file)
    try:
        # as `--fix` writes: the mode and owner kept, a read-only or hard-linked file refused
        write_atomic(target, text.encode("utf-8"), create=True)
    except NotRewritten as refused:
        raise BaselineError(f"{file}: not written: {refused}") from None
    except OSError as error:
        raise BaselineError(f"{file}: cannot write baseline: {error.strerror or error}") from None
    return len(recorded)


def _write_target(file: Path) -> Path:
    """The regular file a baseline is written to (or a new one); anything else is refused."""
    target = _through_link(file)
    try:
        status = os.stat(target, follow_symlinks=False)
    except FileNotFoundError:
        if target != file:
            raise BaselineError(f"{file}: not written: it is a broken symbolic link") from None
        return file
    except OSError as error:
        raise BaselineError(f"{file}: cannot write baseline: {error.strerror or error}") from None
    if not stat.S_ISREG(status.st_mode):
        from auditor.discover import not_regular

        raise BaselineError(f"{file}: not written: {not_regular(status.st_mode)}")
    return target


def _through_link(file: Path, refusal: str = "not written") -> Path:
    """`file`, or the target of a link whose target lies in the working directory or
    beside the link (as `--fix` writes through one); a link elsewhere is refused."""
    if not os.path.islink(file):
        return file
    target = Path(os.path.realpath(file))
    trees = (os.path.realpath(Path.cwd()), os.path.realpath(Path(file).parent))
    if not any(target.is_relative_to(tree) for tree in trees):
        raise BaselineError(f"{file}: {refusal}: it is a symbolic link out of the tree")
    return target


BASELINE_LIMIT = 64 * 1024 * 1024  # a baseline of a very large tree is a few MB


def load_baseline(file: Path) -> Baseline:
    """Read a baseline file; `BaselineError` says what is wrong with it."""
    from auditor.discover import RefusedFile, read_bounded

    try:
        # A committed baseline is input from a pull request like any audited file: no
        # links out of the tree, FIFOs or devices, and a size cap.
        real = _through_link(file, "baseline not read")
        data: Any = json.loads(read_bounded(real, BASELINE_LIMIT).decode("utf-8"))
    except FileNotFoundError:
        raise BaselineError(f"{file}: baseline file not found") from None
    except RefusedFile as refused:
        raise BaselineError(f"{file}: baseline not read: {refused}") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise BaselineError(f"{file}: cannot read baseline: {error}") from None
    except ValueError:  # `json` reads no number past Python's 4,300 digits
        raise BaselineError(f"{file}: cannot read baseline: a number too long") from None
    except RecursionError:
        raise BaselineError(f"{file}: cannot read baseline: nested too deeply") from None
    if not isinstance(data, dict) or data.get("version") != VERSION:
        version = data.get("version") if isinstance(data, dict) else None
        raise BaselineError(f"{file}: unsupported baseline version {version!r} (expected 1)")
    items = data.get("findings")
    if not isinstance(items, list):
        raise BaselineError(f"{file}: `findings` must be a list")
    found = set()
    for index, item in enumerate(items):
        try:
            entry = Entry(item["path"], item["code"], item["fingerprint"], item["occurrence"])
        except (KeyError, TypeError):
            raise BaselineError(f"{file}: finding {index} lacks a required key") from None
        if not all(isinstance(v, str) for v in (entry.path, entry.code, entry.fingerprint)):
            raise BaselineError(f"{file}: finding {index} has a non-string field")
        if not isinstance(entry.occurrence, int) or entry.occurrence < 0:
            raise BaselineError(f"{file}: finding {index} has a bad `occurrence`")
        found.add(entry)
    return Baseline(Path(os.path.abspath(file)).parent, frozenset(found))


@dataclass
class Applied:
    """A report without its baselined findings, and how the baseline matched."""

    report: Report
    hidden: int = 0  # findings the baseline hid
    stale: list[Entry] = field(default_factory=list)  # entries no current finding matched

    def summary(self, file: Path) -> str:
        """Lines for stderr."""
        from auditor.output.escape import printable
        from auditor.output.summary import plural

        name = printable(str(file))
        lines = []
        if self.hidden:
            lines.append(f"runaudit: {plural(self.hidden, 'finding')} hidden by baseline {name}.")
        if self.stale:
            count = len(self.stale)
            entries_ = f"{count} baseline {'entry' if count == 1 else 'entries'}"
            lines.append(
                f"runaudit: {entries_} no longer seen (fixed or changed); "
                f"run --write-baseline {name} to drop them."
            )
        return "".join(f"{line}\n" for line in lines)


def apply_baseline(
    report: Report, baseline: Baseline, targets: Sequence[Path], codes: Iterable[str]
) -> Applied:
    """`report` without the findings `baseline` records.

    Entries count as no longer seen only for files inside the audited paths
    and for rules that ran, so auditing a few files does not make the rest stale.
    """
    kept: list[Finding] = []
    matched: set[Entry] = set()
    for entry, finding in entries(report, baseline.directory):
        if entry in baseline.entries:
            matched.add(entry)
        else:
            kept.append(finding)
    ran = set(codes)
    roots = [os.path.abspath(target) for target in targets]
    stale = [
        entry
        for entry in sorted(baseline.entries - matched)
        if entry.code in ran and _inside(os.path.join(baseline.directory, entry.path), roots)
    ]
    paths = {finding.path for finding in kept}
    sources = {path: text for path, text in report.sources.items() if path in paths}
    filtered = Report(
        kept,
        report.diagnostics,
        report.files_checked,
        sources,
        report.suppressed,
        report.suppressions,
    )
    return Applied(filtered, len(report.findings) - len(kept), stale)


def _inside(path: str, roots: Sequence[str]) -> bool:
    path = os.path.normpath(path)
    return any(path == root or path.startswith(root.rstrip(os.sep) + os.sep) for root in roots)
