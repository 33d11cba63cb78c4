"""The data every part of runaudit passes around: findings, fixes, diagnostics.

Positions are 1-based lines and 1-based columns counted in characters (code
points), as ruff, ShellCheck and SARIF present them. End positions are
exclusive: `end.column` is the column just after the last flagged character.

Values are immutable `NamedTuple`s rather than frozen dataclasses: on Python
3.11 defining a frozen dataclass costs about 0.5 ms (it compiles six methods)
and importing `dataclasses` about 7 ms, a tenth of a pre-commit run.
"""

from __future__ import annotations

import enum
from typing import NamedTuple


class Severity(str, enum.Enum):
    """How bad a finding is; ordered info < warning < error."""

    INFO = "info"
    WARNING = "warning"
    ERROR = "error"

    @property
    def rank(self) -> int:
        """Order for comparisons against `fail-on`."""
        return _SEVERITY_RANK[self]


_SEVERITY_RANK = {Severity.INFO: 0, Severity.WARNING: 1, Severity.ERROR: 2}


class Applicability(str, enum.Enum):
    """Whether a fix keeps behaviour (`safe`) or may change it (`unsafe`)."""

    SAFE = "safe"
    UNSAFE = "unsafe"


class Position(NamedTuple):
    """A 1-based line and 1-based character column."""

    line: int
    column: int


class Span(NamedTuple):
    """A range of text: `start` inclusive, `end` exclusive."""

    start: Position
    end: Position


class Edit(NamedTuple):
    """Replace the text at `span` (character offsets in the file) with `content`."""

    start_offset: int
    end_offset: int
    content: str


class Fix(NamedTuple):
    """A set of edits that fixes one finding, and whether applying it is safe."""

    edits: tuple[Edit, ...]
    applicability: Applicability
    description: str


class RelatedLocation(NamedTuple):
    """Another place that explains a finding (the stage that wins, the step call)."""

    path: str
    span: Span
    message: str


class Finding(NamedTuple):
    """One problem found in one file."""

    path: str
    span: Span
    code: str
    name: str
    severity: Severity
    message: str
    hint: str | None = None
    fix: Fix | None = None
    related: tuple[RelatedLocation, ...] = ()
    url: str = ""

    @property
    def sort_key(self) -> tuple[str, Position, str, str]:
        """Deterministic report order: file, position, code, message."""
        return (self.path, self.span.start, self.code, self.message)


class DiagnosticKind(str, enum.Enum):
    """Why a file was not (fully) audited."""

    SKIPPED = "skipped"  # not read on purpose: too big, not a regular file, a link out
    UNREADABLE = "unreadable"  # the OS refused to read it
    DECODING = "decoding"  # read, but undecodable bytes were replaced
    INTERNAL = "internal-error"  # runaudit itself failed on it (a rule's bug)


class Diagnostic(NamedTuple):
    """A note about the run itself, not about the audited code."""

    path: str
    kind: DiagnosticKind
    message: str

    @property
    def is_error(self) -> bool:
        """Internal errors make the exit status 2; the others are reported only."""
        return self.kind is DiagnosticKind.INTERNAL


class Note(NamedTuple):
    """A remark for `--verbose` only: a file passed over (not a runner), a file sourced."""

    path: str
    message: str


class AppliedSuppression(NamedTuple):
    """A suppression comment that hid findings: where it is, the codes it names, how many.

    A finding two comments cover counts for each, so the counts of a report may add up
    to more than `Report.suppressed`.
    """

    path: str
    line: int
    codes: tuple[str, ...]
    hidden: int


class Report:
    """Everything a run produced, in deterministic order, ready for a renderer."""

    def __init__(
        self,
        findings: list[Finding] | None = None,
        diagnostics: list[Diagnostic] | None = None,
        files_checked: int = 0,
        sources: dict[str, str] | None = None,
        suppressed: int = 0,
        suppressions: list[AppliedSuppression] | None = None,
    ) -> None:
        self.findings = findings if findings is not None else []
        self.diagnostics = diagnostics if diagnostics is not None else []
        self.files_checked = files_checked
        # Text of each file that has a finding, for snippets; keyed by `Finding.path`.
        self.sources = sources if sources is not None else {}
        self.suppressed = suppressed
        # The comments that hid findings, ordered by path and line.
        self.suppressions = suppressions if suppressions is not None else []
        # For `--verbose`; renderers do not show them.
        self.notes: list[Note] = []
        self.timings: dict[str, float] = {}  # seconds per stage of the run
        self.warnings: list[str] = []  # said on stderr: "no runner files found under X"

    def at_least(self, severity: Severity) -> Report:
        """The report with only the findings at or above `severity` (`--min-severity`)."""
        shown = Report(
            [f for f in self.findings if f.severity.rank >= severity.rank],
            self.diagnostics,
            self.files_checked,
            self.sources,
            self.suppressed,
            self.suppressions,
        )
        shown.notes, shown.timings, shown.warnings = self.notes, self.timings, self.warnings
        return shown


def shortened(text: str, limit: int = 40) -> str:
    """Source text for a message: on one line, cut to `limit` characters with `...`."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."
