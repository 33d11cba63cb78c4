"""A unit of shell analysis: shell text with a map back to the file that holds it.

A shell script is one unit whose map is the identity. Shell embedded in
another file (a Python command string, a unit's `ExecStart`, a `bash -c`
string) is a unit whose offsets map segment by segment into the host file.
The unit sits above the analyses it hands out (the shell model and what it
does with agents' statuses, each loaded on first use), so they never import it.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from auditor.finding import Fix, RelatedLocation, Span
from auditor.source import SourceFile
from auditor.unit import OPAQUE_WORD, SCRIPT_END, ParseError

# A shorter value is replaced only where it is a whole quoted name (not inside `line 12`).
MIN_REDACTED = 3
# An unknown value's placeholder in a message, maybe with the unit offset it stands at.
_PLACEHOLDER = re.compile(re.escape(OPAQUE_WORD) + r"_*(?:@(\d{1,9}))?")
_NAME = re.compile(r"[A-Za-z_][\w.]*")
_SHELL_NAME = re.compile(r"\$(?:[A-Za-z_]\w*|[0-9@*#?$!-])")
_CLOSERS = {"(": ")", "[": "]", "{": "}"}
_LONGEST = 40  # characters of an expression a message shows

if TYPE_CHECKING:
    from auditor.agent_status import AgentStatus, LostStatus
    from auditor.profiles import AgentCatalog
    from auditor.project import Callback, CallSite
    from auditor.shell.includes import Lookup, Place
    from auditor.shell.model import ShellScript
    from auditor.shell.options import ShellOptions
    from auditor.shell.parse import ShellText


class ShellUnit:
    """Shell text to audit, its parse, and where it lives in the host file.

    The model (`script`) is built on first use: a script that only a parse
    error check reads never loads the shell analysis.
    """

    def __init__(
        self,
        source: SourceFile,
        text: str,
        parsed: ShellText,
        catalog: AgentCatalog,
        initial: ShellOptions | None = None,
        end_use: str | None = SCRIPT_END,
        offsets: Sequence[int] | None = None,
        where: str = "",
        pipefail_hint: str | None = None,
        pipefail_fix: Fix | None = None,
        interactive: bool = False,
        output_read: bool = False,
        host_after: tuple[str, str] = ("", ""),
        host_call: tuple[int, int] | None = None,
        templated: bool = False,
    ) -> None:
        self.source = source
        self.text = text
        self.parsed = parsed
        self.catalog = catalog  # the agent profiles in force for this run
        self.initial = initial  # options the host sets; else the shebang's
        self.end_use = end_use  # why the last command's status is used, if it is
        # Host offset of each character of `text`; None when the unit is the whole file.
        self.offsets = offsets
        self.where = where  # what holds embedded shell ("`RUN` instruction"); empty for a script
        self.pipefail_hint = pipefail_hint  # how to turn pipefail on in the host, if special
        self.pipefail_fix = pipefail_fix  # host-file edits that turn it on, when well-defined
        self.interactive = interactive  # a person reads its output (a make recipe)
        self.output_read = output_read  # the host judges the run by this shell's output
        self.host_after = host_after  # what the host runs after it (`EmbeddedShell.after`)
        self.host_call = host_call  # host offsets of the call that runs it, written apart
        self.templated = templated  # holds output its writer inserts (`EmbeddedShell`)
        self._script: ShellScript | None = None
        # The file it was read from, the tree sourced files must stay in, their size bound,
        # and the folders named as search roots (`--source-path`).
        self._place: Place | None = None
        self._agent_status: AgentStatus | None = None
        # the calls the tree's scripts that source this file make of its functions, and the
        # other files they source (paths from this file's folder)
        self.callers: tuple[CallSite, ...] = ()
        self.siblings: tuple[str, ...] = ()
        # their functions that end by running a name this file may define
        self.callbacks: tuple[Callback, ...] = ()
        # its functions whose output they examine at every call (`Sourcers.judged`)
        self.judged: tuple[str, ...] = ()
        # the tree's scripts a bare command may run (`SourcedFiles.programs`)
        self.programs: Mapping[str, tuple[str, ...]] = {}

    def place(
        self, origin: Path, tree_root: Path | None, max_size: int, search: tuple[Path, ...] = ()
    ) -> None:
        """Say which file this whole-file unit was read from, so the files it sources
        are read too: inside `tree_root` (the script's own folder when the script is
        not under it) or a `search` root, each at most `max_size` bytes."""
        from auditor.shell.includes import source_place

        self._place = source_place(origin, tree_root, max_size, search)

    @property
    def script(self) -> ShellScript:
        """The shell model: commands, pipelines, options in effect (built once)."""
        if self._script is None:
            from auditor.shell.includes import SourcedFiles
            from auditor.shell.model import ShellScript

            sourced = SourcedFiles(*self._place) if self._place is not None else None
            if sourced is not None:
                sourced.programs = self.programs
            self._script = ShellScript.walk(
                self.parsed,
                self.catalog,
                self.initial,
                self.end_use,
                self.output_read,
                sourced,
                self.callers,
                self.siblings,
                callbacks=self.callbacks,
                host_after=self.host_after,
            )
            self._script.judged_by_callers = frozenset(self.judged)
        return self._script

    def sourced_lookups(
        self, earlier: tuple[Lookup, ...] | None = None
    ) -> tuple[Lookup, ...] | None:
        """What the model looked up of the files this unit sources or runs, after the
        look-ups of the file's units before it (`earlier`); None when none of them read
        any (their place unknown or their model not built)."""
        script = self._script
        if script is None or script.sourced is None:
            return earlier
        from auditor.shell.includes import joined_lookups

        return joined_lookups(earlier, script.sourced.lookups)

    def redact(self, text: str) -> str:
        """`text` with each value read from a sourced file (not a command word, nor text
        the audited file holds itself) replaced by the name of the variable that held it,
        and each placeholder of a value unknown
        statically by the host's expression for it, as written (`{cmd}`, `$CMD`)."""
        if OPAQUE_WORD in text:
            text = _PLACEHOLDER.sub(self._written, text)
        values = self._script.sourced_values if self._script is not None else {}
        if not values:
            return text
        for value in sorted(values, key=len, reverse=True):
            if value in self.source.text:
                continue  # the audited file's own text already (`true` of `while true`)
            name = f"${values[value]}"
            if len(value) >= MIN_REDACTED:
                text = text.replace(value, name)
            else:
                text = text.replace(f"`{value}`", f"`{name}`")
        return text

    def _written(self, placeholder: re.Match[str]) -> str:
        """The host's expression for the unknown value a placeholder stands for: the one
        at the unit offset it names, else the unit's first."""
        offset = int(placeholder.group(1)) if placeholder.group(1) else self.text.find(OPAQUE_WORD)
        return expression_at(self.source.text, self.host_offset(max(offset, 0)))

    def agent_status(self) -> AgentStatus:
        """What this shell does with its agents' exit statuses (computed once)."""
        if self._agent_status is None:
            from auditor.shell.agent_flow import shell_agent_status

            status = shell_agent_status(self.script)
            if self.host_call is not None:  # lost at the end of the string: where it is run
                host = self.source.span(*self.host_call)
                lost = [self._at_host(each, host) if each.at_end else each for each in status.lost]
                status = status._replace(lost=lost)
            self._agent_status = status
        return self._agent_status

    def _at_host(self, lost: LostStatus, host: Span) -> LostStatus:
        """A status the host drops, reported at the host's call, its command as related."""
        written = RelatedLocation(
            self.source.path,
            self.host_span(lost.start, lost.end),
            f"`{lost.call.label}` runs here, the last command of the {self.where}",
        )
        return lost._replace(host=host, related=(written, *lost.related))

    def parse_error(self) -> ParseError | None:
        """The first region tree-sitter could not read, unless the text holds made-up values.

        Named by its lines in the host file, not by a guessed syntax error: the
        grammar's own guesses ("missing `;`") are often wrong about valid shell.
        """
        if self.offsets is not None and (self.templated or OPAQUE_WORD in self.text):
            return None  # a placeholder for an unknown value may be what broke it
        region = self.parsed.unread_region()
        if region is None:
            return None
        start, end = region
        span = self.host_span(start, end)
        last = (
            span.end.line - 1
            if span.end.column == 1 and span.end.line > span.start.line
            else span.end.line
        )
        lines = (
            f"line {span.start.line}"
            if last == span.start.line
            else f"lines {span.start.line}-{last}"
        )
        before = (line.lstrip() for line in self.text[:start].splitlines())
        if all(not line or line.startswith("#") for line in before) and not self.text[end:].strip():
            return ParseError(
                start, end, f"runaudit could not read {lines}, every command of the script"
            )
        more = self.parsed.more_unread()
        also = f" and {more} more place{'s' if more > 1 else ''}" if more else ""
        return ParseError(
            start, end, f"runaudit could not read {lines}{also}; the rest of the file was audited"
        )

    def host_offset(self, offset: int) -> int:
        """The host-file character offset of a unit character offset."""
        if self.offsets is None:
            return offset
        if not self.offsets:
            return 0
        return self.offsets[max(0, min(offset, len(self.offsets) - 1))]

    def is_verbatim(self, start: int, end: int) -> bool:
        """Whether unit text `start`..`end` was copied in order from the host.

        False when it holds computed text (a resolved variable, an opaque
        placeholder), whose characters come from several places.
        """
        if self.offsets is None:
            return True
        return all(a < b for a, b in itertools.pairwise(self.offsets[start:end]))

    def host_span(self, start: int, end: int) -> Span:
        """The host-file span of unit offsets `start`..`end` (end exclusive)."""
        host_start = self.host_offset(start)
        host_end = self.host_offset(end - 1) + 1 if end > start else host_start
        return self.source.span(host_start, max(host_start, host_end))


def expression_at(text: str, start: int) -> str:
    """The expression that starts at `start` in a host file, as written: `$CMD`,
    `${X:-y}`, `$(…)`, or a Python name with its attributes, calls and subscripts."""
    shell = _SHELL_NAME.match(text, start)
    if text.startswith(("${", "$("), start):
        end = _balanced(text, start + 1)
    elif shell is not None:
        end = shell.end()
    else:
        name = _NAME.match(text, start)
        end = name.end() if name is not None else start
        while end < len(text) and text[end] in "([" and name is not None:
            end = _balanced(text, end)
            if text[end : end + 1] == ".":
                follow = _NAME.match(text, end + 1)
                end = follow.end() if follow is not None else end
    written = " ".join(text[start:end].split())
    if not written:
        return "an unknown value"
    return written if len(written) <= _LONGEST else written[: _LONGEST - 1] + "…"


def _balanced(text: str, opening: int) -> int:
    """The offset after the bracket that closes the one at `opening` (or the line's end)."""
    stack: list[str] = []
    for index in range(opening, min(len(text), opening + 400)):
        char = text[index]
        if char in _CLOSERS:
            stack.append(_CLOSERS[char])
        elif stack and char == stack[-1]:
            stack.pop()
            if not stack:
                return index + 1
        elif char == "\n":
            break
    return index if stack else opening + 1
