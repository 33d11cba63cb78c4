"""Text with a map back to the host file: each character knows where it came from.

Shell hides in other files (a Python string, a YAML block scalar, a Dockerfile
`RUN` with continuations). Its text is rebuilt character by character, each
carrying the host-file offset it was read from, so a finding deep inside a
`bash -c` inside an f-string still points at the exact line and column.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from auditor.finding import Fix
from auditor.shell.options import ShellOptions
from auditor.unit import OPAQUE_WORD, ParseError

_INT_BYTES = 32  # an offset past 256 is an int object of its own


class MappedText:
    """A string and, for each of its characters, a character offset in the host file.

    Immutable by convention; a plain class (not a NamedTuple: `+` joins two texts).
    """

    __slots__ = ("offsets", "text")

    def __init__(self, text: str, offsets: Sequence[int]) -> None:
        if len(text) != len(offsets):
            raise ValueError("every character needs exactly one host offset")
        self.text = text
        self.offsets = offsets  # a `range` for text copied verbatim, else a tuple

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MappedText):
            return NotImplemented
        return (self.text, self.offsets) == (other.text, other.offsets)

    def __hash__(self) -> int:
        return hash((self.text, self.offsets))

    def __repr__(self) -> str:
        return f"MappedText(text={self.text!r}, offsets={self.offsets!r})"

    @classmethod
    def verbatim(cls, text: str, host_start: int) -> MappedText:
        """Text copied unchanged from the host at `host_start`."""
        return cls(text, range(host_start, host_start + len(text)))

    @classmethod
    def at(cls, text: str, host_offset: int) -> MappedText:
        """Text computed from one host location (all characters map to it)."""
        return cls(text, (host_offset,) * len(text))

    @classmethod
    def opaque(cls, host_offset: int, word: str = OPAQUE_WORD) -> MappedText:
        """An unknown value: a placeholder word mapped to where the value comes from."""
        return cls.at(word, host_offset)

    @classmethod
    def join(cls, parts: Iterable[MappedText]) -> MappedText:
        """Concatenate mapped parts."""
        items = list(parts)
        return cls("".join(p.text for p in items), tuple(o for p in items for o in p.offsets))

    def __add__(self, other: MappedText) -> MappedText:
        return MappedText(self.text + other.text, (*self.offsets, *other.offsets))

    def __len__(self) -> int:
        return len(self.text)

    def footprint(self) -> int:
        """About the bytes it holds: its text, and its offsets (a tuple's with their ints,
        which a tuple built from a `range` holds one apiece)."""
        if isinstance(self.offsets, range):
            return sys.getsizeof(self.text) + sys.getsizeof(self.offsets)
        return sys.getsizeof(self.text) + sys.getsizeof(self.offsets) + _INT_BYTES * len(self)

    def slice(self, start: int, end: int) -> MappedText:
        """The mapped text between two offsets of this text."""
        return MappedText(self.text[start:end], self.offsets[start:end])

    def through(self, outer: Sequence[int]) -> MappedText:
        """This text, whose offsets point into another mapped text, mapped to the host."""
        last = len(outer) - 1
        return MappedText(self.text, tuple(outer[min(o, last)] for o in self.offsets))


class UnreadableHost(Exception):
    """A host file that cannot be read at all (a workflow that is not valid YAML): its
    shell cannot be found, so RA900 reports where reading stopped."""

    def __init__(self, error: ParseError) -> None:
        super().__init__(error.message)
        self.error = error


class EmbeddedShell(NamedTuple):
    """Shell code found inside a host file, with how the host runs it."""

    code: MappedText
    options: ShellOptions  # in effect before the first line (from the host's shell flags)
    end_use: str | None  # why the host reads the final status, or None if it never does
    where: str  # what holds it, for messages: "`RUN` instruction", "`bash -c` string"
    # How to turn pipefail on in this host, for RA101's hint; None: `set -o pipefail`.
    pipefail_hint: str | None = None
    pipefail_fix: Fix | None = None  # host-file edits that do it, when well-defined
    # A person reads its output at a terminal (a make recipe): a pipeline there that
    # only prints (`make help`, `cloc … | tail`) is a report, not a step to check.
    interactive: bool = False
    # The host reads this shell's output (a tmux pane it captures): it judges the run by it.
    output_read: bool = False
    # Host-file offsets of the call that runs the code (`subprocess.run(cmd, shell=True)`),
    # when the code is written apart from it: a status the host drops is lost there.
    host_call: tuple[int, int] | None = None
    # The folder the code runs in, relative to the folder the host runs its commands in
    # (a step's `working-directory:`; "" for that folder itself), when the host says: the
    # project scripts it runs by a relative path are read from there. None: not known.
    workdir: str | None = None
    # What the host runs after the code, in the same place (a job's later steps): shell,
    # and the programs it gives other interpreters (`with: script:`). A file the code's
    # agent writes that these examine judges the run.
    after: tuple[str, str] = ("", "")
    # The text holds output its writer inserts, kept as written (`$(…)` in an unquoted
    # here-document): what the grammar cannot read there is not the file's to fix.
    templated: bool = False


class PhysicalLine(NamedTuple):
    """One line of a host file: where it starts, its text, where the next one starts."""

    start: int  # offset of the line in the file
    text: str  # without its line break (and without a CR before it)
    end: int  # offset after its line break


def physical_lines(source: str) -> list[PhysicalLine]:
    """The lines of a host file, split on `\\n` only, a CR before it dropped from the text."""
    lines: list[PhysicalLine] = []
    position = 0
    for raw in source.split("\n"):
        text = raw[:-1] if raw.endswith("\r") else raw
        lines.append(PhysicalLine(position, text, min(position + len(raw) + 1, len(source))))
        position += len(raw) + 1
    return lines


# Backslash escapes shared by C-like quoting (Python literals, systemd units).
C_ESCAPES = {
    "a": "\a",
    "b": "\b",
    "f": "\f",
    "n": "\n",
    "r": "\r",
    "t": "\t",
    "v": "\v",
    "\\": "\\",
    '"': '"',
    "'": "'",
}
