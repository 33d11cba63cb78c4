"""A unit of analysis: shell text with a map back to the file that holds it.

A shell script is one unit whose map is the identity. Shell embedded in
another file (a Python command string, a unit's `ExecStart`, a `bash -c`
string) is a unit whose offsets map segment by segment into the host file.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from auditor.finding import Span
from auditor.source import SourceFile

if TYPE_CHECKING:
    from auditor.shell.model import ShellScript


@dataclass(frozen=True)
class Segment:
    """`length` characters at `unit_start` in the unit are at `host_start` in the host."""

    unit_start: int
    host_start: int
    length: int


@dataclass
class ShellUnit:
    """Shell text to audit, its model, and where it lives in the host file."""

    source: SourceFile
    text: str
    script: ShellScript
    segments: tuple[Segment, ...] = ()  # empty: the unit is the whole file
    _starts: list[int] = field(default_factory=list, repr=False)

    def __post_init__(self) -> None:
        self._starts = [segment.unit_start for segment in self.segments]

    def host_offset(self, offset: int) -> int:
        """The host-file character offset of a unit character offset."""
        if not self.segments:
            return offset
        index = max(0, bisect.bisect_right(self._starts, offset) - 1)
        segment = self.segments[index]
        inside = min(max(0, offset - segment.unit_start), segment.length)
        return segment.host_start + inside

    def host_span(self, start: int, end: int) -> Span:
        """The host-file span of unit offsets `start`..`end`."""
        return self.source.span(self.host_offset(start), self.host_offset(end))


@dataclass(frozen=True)
class Suppression:
    """One `# runaudit: ignore[…]` or `ignore-file[…]` comment."""

    line: int
    start: int  # character offsets of the directive in the file
    end: int
    codes: tuple[str, ...]
    file_level: bool


@dataclass
class SuppressionUnit:
    """The suppressions of one file and, for each, the codes that suppressed nothing."""

    source: SourceFile
    unused: list[tuple[Suppression, tuple[str, ...]]]
    known_codes: frozenset[str]

    def host_span(self, start: int, end: int) -> Span:
        """The span of file offsets `start`..`end`."""
        return self.source.span(start, end)
