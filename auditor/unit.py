"""What the units of analysis share, and the units that need no analysis.

A unit is what a rule reads: a shell unit (`auditor.shell.unit`), a Python
unit (`auditor.python.unit`), a whole file, a file's suppressions, or a file
whose analysis gave up. This module holds the words the front ends share (a
parse error, the placeholder for an unknown value, why a script's last status
is used) and the units that carry no analysis, so the shell model and the
Python analysis can import it without importing the units built on them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from auditor.finding import Span
from auditor.kinds import FileKind
from auditor.source import SourceFile

OPAQUE_WORD = "__opaque__"  # stands for a value runaudit cannot know statically


def named_file(word: str) -> bool:
    """Whether a word known in part is a path whose file name is known (`…/bin/claude`)."""
    folder, _, name = word.rpartition("/")
    return bool(folder) and bool(name) and OPAQUE_WORD not in name


SCRIPT_END = "it is the last command of the script"

if TYPE_CHECKING:
    from auditor.profiles import AgentCatalog
    from auditor.project import ProjectIndex


class ParseError(NamedTuple):
    """The first place a parser failed, as character offsets in the unit."""

    start: int
    end: int
    message: str


class Suppression(NamedTuple):
    """One `# runaudit: ignore[…]` or `ignore-file[…]` comment (also one that cannot work)."""

    line: int
    start: int  # character offsets of the directive in the file
    end: int
    codes: tuple[str, ...]  # empty for a bare `# runaudit: ignore`: codes are required
    file_level: bool
    misplaced: bool = False  # an `ignore-file` below the file's first comment block
    right_form: str = ""  # for a comment in a form runaudit does not read: the one it does

    @property
    def effective(self) -> bool:
        """Whether it can suppress anything: it names codes, and sits where it applies."""
        return bool(self.codes) and not self.misplaced


class SuppressionUnit(NamedTuple):
    """The suppressions of one file and, for each, the codes that suppressed nothing."""

    source: SourceFile
    unused: list[tuple[Suppression, tuple[str, ...]]]
    known_codes: frozenset[str]
    # Comments that suppress nothing whatever the findings (no codes, or misplaced).
    ineffective: tuple[Suppression, ...] = ()

    def host_span(self, start: int, end: int) -> Span:
        """The span of file offsets `start`..`end`."""
        return self.source.span(start, end)


class FileUnit(NamedTuple):
    """A whole file, for rules that read a host's own settings (a unit's `Restart=`)."""

    source: SourceFile
    kind: FileKind
    project: ProjectIndex
    catalog: AgentCatalog

    @property
    def text(self) -> str:
        """The file's text (prefilters read it)."""
        return self.source.text

    def host_span(self, start: int, end: int) -> Span:
        """The span of file offsets `start`..`end`."""
        return self.source.span(start, end)


class UnparsableUnit(NamedTuple):
    """A file whose analysis gave up (recursion too deep): only its parse error is known."""

    source: SourceFile
    error: ParseError

    @property
    def text(self) -> str:
        """The file's text (prefilters read it)."""
        return self.source.text

    def parse_error(self) -> ParseError:
        """Why the file could not be analysed."""
        return self.error

    def host_span(self, start: int, end: int) -> Span:
        """The span of file offsets `start`..`end`."""
        return self.source.span(start, end)


class NotAudited(Exception):
    """A file's analysis was refused or abandoned; `reason` says why and what changes it."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class NotAuditedUnit(NamedTuple):
    """A file runaudit was asked to audit and did not, with the reason."""

    source: SourceFile
    reason: str

    @property
    def text(self) -> str:
        """Nothing was read (prefilters read it)."""
        return ""

    def host_span(self, start: int, end: int) -> Span:
        """The file's first position: there is no text to point into."""
        return self.source.span(0, 0)
