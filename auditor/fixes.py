"""Apply fixes to files: `--fix`, `--unsafe-fixes` and `--diff`.

A fix is a set of edits at character offsets of a file's decoded text. Fixes
are applied whole or not at all: in offset order, a fix whose edits overlap
an edit already accepted in this pass waits for the next pass, after the file
has been audited again (so its offsets are fresh). Passes stop when nothing
changes, after `MAX_PASSES`. A file is fixed only if it parses before and
after (a file with a parse error, RA900, is never touched), only if its bytes
decoded cleanly and encode back to the same bytes (not so for `unicode_escape`
or `utf-7`), and it keeps its encoding (a Python coding cookie, latin-1, a UTF-8
BOM), its line endings (a line added to a CRLF file ends in CRLF) and its mode.
Files are written atomically: a temporary file in the same directory, then
`os.replace`.
"""

from __future__ import annotations

import difflib
import itertools
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple, Protocol

from auditor.finding import Applicability, AppliedSuppression, Edit, Finding, Fix, Report
from auditor.kinds import FileKind
from auditor.safe_write import write_atomic
from auditor.source import SourceFile

if TYPE_CHECKING:
    from auditor.config import Settings
    from auditor.configs import Configs
    from auditor.discover import Candidate
    from auditor.engine import FileResult

MAX_PASSES = 4
PARSE_ERROR = "RA900"
_LONE_LF = re.compile(r"(?<!\r)\n")


def wanted(fix: Fix | None, unsafe: bool) -> bool:
    """Whether `--fix` applies this fix (unsafe ones only with `--unsafe-fixes`)."""
    if fix is None or not fix.edits:
        return False
    return fix.applicability is Applicability.SAFE or unsafe


def _overlaps(a: Edit, b: Edit) -> bool:
    """Whether two edits touch the same text; two insertions at one offset do too."""
    if a.start_offset == b.start_offset:
        return True
    return a.start_offset < b.end_offset and b.start_offset < a.end_offset


def select_fixes(fixes: Sequence[Fix]) -> list[Fix]:
    """The fixes one pass applies: deduplicated, in offset order, none overlapping another."""
    unique: dict[tuple[Edit, ...], Fix] = {}
    for fix in fixes:
        unique.setdefault(fix_key(fix), fix)
    accepted: list[Fix] = []
    taken: list[Edit] = []
    for edits in sorted(unique, key=lambda edits: [_edit_key(e) for e in edits]):
        if any(_overlaps(a, b) for a, b in itertools.pairwise(edits)):
            continue  # a malformed fix: its own edits collide
        if any(_overlaps(edit, other) for edit in edits for other in taken):
            continue  # waits for the next pass
        accepted.append(unique[edits])
        taken.extend(edits)
    return accepted


def _edit_key(edit: Edit) -> tuple[int, int, str]:
    return (edit.start_offset, edit.end_offset, edit.content)


def fix_key(fix: Fix) -> tuple[Edit, ...]:
    """A fix's edits in offset order: two findings with the same key share one fix."""
    return tuple(sorted(fix.edits, key=_edit_key))


def newline_of(text: str) -> str:
    """The line ending most lines of `text` use."""
    crlf = text.count("\r\n")
    return "\r\n" if crlf and crlf * 2 >= text.count("\n") else "\n"


def apply_edits(text: str, edits: Sequence[Edit], newline: str = "\n") -> str:
    """`text` with non-overlapping edits applied; new lines end in `newline`."""
    for edit in sorted(edits, key=_edit_key, reverse=True):
        content = _LONE_LF.sub(newline, edit.content) if newline != "\n" else edit.content
        text = text[: edit.start_offset] + content + text[edit.end_offset :]
    return text


def parses(text: str, kind: FileKind) -> bool:
    """Whether text of this kind parses (shell with tree-sitter, Python with `ast`)."""
    if kind is FileKind.SHELL:
        from auditor.shell.parse import ShellText

        return ShellText(text).unread_region() is None
    if kind is FileKind.PYTHON:
        from auditor.python.model.parse import parse_module

        try:
            parse_module(text, keep=False)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return False
    return True


@dataclass
class FixedText:
    """What fixing one text produced: the text, how many findings were fixed, what is left."""

    text: str
    codes: list[str]  # the code of each finding fixed
    findings: list[Finding]
    suppressed_change: int  # findings suppressed after fixing, minus before
    suppressions: tuple[AppliedSuppression, ...]  # the comments in effect after fixing
    note: str | None = None  # why a fix was not applied, if one was not

    @property
    def fixed(self) -> int:
        """How many findings the fixes fixed."""
        return len(self.codes)


class Audits(Protocol):
    """What audits a text and its fixed versions: an `Auditor`, or one that reads a file's
    results through the cache and knows where the file is (what it sources)."""

    def audit_source(self, source: SourceFile, kind: FileKind) -> FileResult:
        """The audit of `source`, a text of this kind."""


def fix_text(source: SourceFile, kind: FileKind, auditor: Audits, unsafe: bool) -> FixedText:
    """Apply fixes to `source` in passes, auditing it again after each pass."""
    result = auditor.audit_source(source, kind)
    text, findings, before = source.text, result.findings, result.suppressed
    codes: list[str] = []
    if any(f.code == PARSE_ERROR for f in findings) or not parses(text, kind):
        fixable = any(wanted(f.fix, unsafe) for f in findings)
        note = "not fixed: it does not parse" if fixable else None
        return FixedText(text, [], findings, 0, result.suppressions, note)
    newline = newline_of(text)
    suppressed = before
    for _ in range(MAX_PASSES):
        chosen = select_fixes(
            [f.fix for f in findings if f.fix is not None and wanted(f.fix, unsafe)]
        )
        new_text = apply_edits(text, [edit for fix in chosen for edit in fix.edits], newline)
        if new_text == text:
            break
        if not parses(new_text, kind):
            note = "not fixed further: a fix would break its syntax"
            return FixedText(text, codes, findings, suppressed - before, result.suppressions, note)
        keys = {fix_key(fix) for fix in chosen}
        codes += [f.code for f in findings if f.fix is not None and fix_key(f.fix) in keys]
        fixed_source = SourceFile(source.path, new_text, source.encoding)
        result = auditor.audit_source(fixed_source, kind)
        text, findings, suppressed = new_text, result.findings, result.suppressed
    return FixedText(text, codes, findings, suppressed - before, result.suppressions)


def round_trips(text: str, encoding: str, data: bytes) -> bool:
    """Whether encoding `text` again gives back `data` exactly (`unicode_escape`, `utf-7`
    and their like do not: a fix would rewrite bytes away from its edit)."""
    try:
        return text.encode(encoding) == data
    except (LookupError, UnicodeError):
        return False


class FixAttempt(NamedTuple):
    """What fixing one file gave: the bytes read, the text decoded, and the fixed text (or
    why there is none)."""

    data: bytes = b""
    text: str = ""
    encoding: str = "utf-8"
    fixed: FixedText | None = None
    note: str | None = None  # why it was not fixed (or not fixed further)


@dataclass
class FileChange:
    """One file whose text the fixes change."""

    path: str  # as reports show it
    before: str
    after: str
    codes: list[str]  # the code of each finding the change fixes


@dataclass
class FixOutcome:
    """What `--fix` or `--diff` did, and the report of what remains."""

    report: Report
    changes: list[FileChange] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # `path: why it was not fixed`
    write: bool = True

    @property
    def fixed(self) -> int:
        """How many findings the fixes fix."""
        return sum(len(change.codes) for change in self.changes)

    def remaining(self, unsafe: bool) -> tuple[int, int]:
        """Findings with a fix still left: (that the options allowed, unsafe ones held back)."""
        allowed = hidden = 0
        for finding in self.report.findings:
            if wanted(finding.fix, unsafe):
                allowed += 1
            elif wanted(finding.fix, True):
                hidden += 1
        return allowed, hidden

    def summary(self, unsafe: bool) -> str:
        """Lines for stderr: what was (or would be) fixed and what remains."""
        from auditor.output.escape import printable
        from auditor.output.summary import plural

        verb = "fixed" if self.write else "would fix"
        files = plural(len(self.changes), "file")
        line = f"runaudit: {verb} {plural(self.fixed, 'finding')} in {files}"
        if not self.changes:
            line = "runaudit: nothing to fix"
        allowed, hidden = self.remaining(unsafe)
        if allowed and self.write:
            line += f"; {allowed} with a fix remain"
        if hidden:
            line += f"; {hidden} more fixable with --unsafe-fixes"
        lines = [line + "."] + [f"runaudit: {printable(note)}" for note in self.notes]
        return "".join(f"{text}\n" for text in lines)

    def diff(self, *, escape: bool = False) -> str:
        """A unified diff of every change, ruff-style (`--- path` / `+++ path`); `escape`
        shows control characters of the text as escapes too (for a terminal)."""
        from auditor.output.escape import printable

        chunks = []
        for change in self.changes:
            # The name is always escaped (a newline in it would start a line of its own, a
            # workflow command in Actions); the text only on a terminal, so `patch` applies it.
            name = printable(change.path)
            lines = difflib.unified_diff(
                _lines(change.before), _lines(change.after), fromfile=name, tofile=name
            )
            for line in lines:
                if not line.endswith("\n"):
                    line += "\n\\ No newline at end of file\n"
                chunks.append(printable(line, keep_newlines=True) if escape else line)
        return "".join(chunks)


def _lines(text: str) -> list[str]:
    """Lines split on `\\n` only, keeping their endings (`splitlines` also splits on `\\f`)."""
    lines = [line + "\n" for line in text.split("\n")]
    lines[-1] = lines[-1][:-1]
    return lines if lines[-1] else lines[:-1]


def fixable_paths(report: Report, unsafe: bool) -> set[str]:
    """The files of `report` with findings whose fixes the options allow."""
    return {f.path for f in report.findings if wanted(f.fix, unsafe)}


def fix_report(
    report: Report,
    attempts: Iterable[tuple[Candidate, FixAttempt]],
    settings: Settings | Configs,
    *,
    write: bool,
) -> FixOutcome:
    """What fixing the files of `report` gave (`attempts`, from `AuditRun.fix`): written
    with `write` (unless a file changed meanwhile), and the report of what is left."""
    from auditor.configs import Configs
    from auditor.discover import RefusedFile, read_bounded

    configs = settings if isinstance(settings, Configs) else Configs.uniform(settings)
    outcome = FixOutcome(report, write=write)
    results: dict[str, FixedText] = {}
    for candidate, attempt in attempts:
        if attempt.note:
            outcome.notes.append(f"{candidate.display}: {attempt.note}")
        fixed = attempt.fixed
        if fixed is None or fixed.text == attempt.text:
            continue
        if write:
            try:
                bound = configs.for_directory(os.path.dirname(candidate.path)).max_file_size
                if read_bounded(candidate.path, bound) != attempt.data:
                    outcome.notes.append(f"{candidate.display}: not fixed: it changed meanwhile")
                    continue
                write_atomic(candidate.path, fixed.text.encode(attempt.encoding))
            except (OSError, RefusedFile, UnicodeEncodeError) as error:
                outcome.notes.append(f"{candidate.display}: not written: {error}")
                continue
        outcome.changes.append(FileChange(candidate.display, attempt.text, fixed.text, fixed.codes))
        results[candidate.display] = fixed
    if write and results:
        outcome.report = _updated(report, results)
    return outcome


def _updated(report: Report, results: dict[str, FixedText]) -> Report:
    """`report` with the findings of fixed files replaced by what their re-audit found."""
    findings = [f for f in report.findings if f.path not in results]
    sources = {path: text for path, text in report.sources.items() if path not in results}
    for path, result in results.items():
        findings.extend(result.findings)
        if result.findings:
            sources[path] = result.text
    findings.sort(key=lambda finding: finding.sort_key)
    suppressed = report.suppressed + sum(r.suppressed_change for r in results.values())
    suppressions = [s for s in report.suppressions if s.path not in results]
    suppressions.extend(s for result in results.values() for s in result.suppressions)
    return Report(
        findings,
        report.diagnostics,
        report.files_checked,
        sources,
        suppressed,
        sorted(suppressions),
    )
