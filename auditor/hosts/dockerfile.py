"""Dockerfiles: the shell of every `RUN`, `CMD` and `ENTRYPOINT`, with the `SHELL` in effect.

Lines are joined as BuildKit joins them: the escape character (`\\`, or the
one a `# escape=` directive names) at the end of a line continues the
instruction without a line break, and comment and empty lines inside a
continuation are dropped. A shell-form `RUN` runs under `SHELL` (by default
`/bin/sh -c`: no errexit, no pipefail); an exec-form `RUN ["bash", "-c", …]`
runs its own shell. `SHELL` lasts to the end of the stage, and a stage built
`FROM` an earlier one inherits it. A stage's effective `ENTRYPOINT` (its last)
is the container's command, and so is its last `CMD` when no `ENTRYPOINT`
applies (with one, `CMD` only supplies arguments); the container exits with
that command's status.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence

from auditor.hosts.mapped import EmbeddedShell, MappedText, PhysicalLine, physical_lines
from auditor.shell.command_strings import SHELLS, shell_invocation
from auditor.shell.options import ShellOptions, shebang_options

END_USE = "the `RUN` instruction fails the build on it"
CONTAINER_END_USE = "the container exits with it"
PIPEFAIL_HINT = (
    'add `SHELL ["/bin/bash", "-o", "pipefail", "-c"]` before this `{}` '
    "(`/bin/sh` may be dash, which has no pipefail)"
)
# An exec form (`["/bin/sh", "-c", …]`) runs the shell it names: SHELL does not apply.
EXEC_PIPEFAIL_HINT = 'run bash with pipefail: `["/bin/bash", "-o", "pipefail", "-c", …]`'
WHERE = "`RUN` instruction"
_RUN_HINT = PIPEFAIL_HINT.format("RUN")
_DIRECTIVE = re.compile(r"#\s*([a-zA-Z][a-zA-Z0-9]*)\s*=\s*(.+?)\s*$")
_INSTRUCTION = re.compile(r"(\S+)\s*")
_FLAGS = re.compile(r"(?:--[a-z][\w-]*(?:=(?:\"[^\"]*\"|'[^']*'|[^\s\"'])*)?\s+)+")
_HEREDOC = re.compile(r"(?<!<)<<(-?)\s*([\"']?)([A-Za-z_][\w.-]*)\2")
_HEREDOC_ONLY = re.compile(r"<<-?\s*([\"']?)[A-Za-z_][\w.-]*\1\s*")
_JSON_ESCAPES = {
    '"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"
}  # fmt: skip


def _escape_character(lines: list[PhysicalLine]) -> str:
    """The escape character set by a `# escape=` parser directive at the top, else `\\`."""
    for line in lines:
        match = _DIRECTIVE.match(line.text)
        if match is None:
            break
        if match.group(1).lower() == "escape" and match.group(2) in ("\\", "`"):
            return match.group(2)
    return "\\"


def _instruction(
    lines: list[PhysicalLine], index: int, continuation: re.Pattern[str]
) -> tuple[MappedText, int]:
    """The instruction at line `index` joined over its continuations, and the next index."""
    line = lines[index]
    stripped = line.text.lstrip()
    text, start = stripped, line.start + len(line.text) - len(stripped)
    parts: list[MappedText] = []
    index += 1
    while True:
        match = continuation.search(text)
        parts.append(MappedText.verbatim(text[: match.start()] if match else text, start))
        while (
            match is not None
            and index < len(lines)
            and (not lines[index].text.strip() or lines[index].text.lstrip().startswith("#"))
        ):
            index += 1
        if match is None or index >= len(lines):
            return MappedText.join(parts), index
        text, start = lines[index].text, lines[index].start
        index += 1


def _joined(lines: list[PhysicalLine]) -> MappedText:
    """Whole lines, each ending in a line feed mapped to its line break."""
    return MappedText.join(
        MappedText.verbatim(line.text, line.start) + MappedText.at("\n", line.end - 1)
        for line in lines
    )


def _json_strings(text: MappedText) -> list[MappedText] | None:
    """The strings of a JSON array of strings, decoded with each character mapped."""
    try:
        value = json.loads(text.text)
    except ValueError:
        return None
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        return None
    strings: list[MappedText] = []
    source = text.text
    index = 0
    while index < len(source):
        if source[index] != '"':
            index += 1
            continue
        chars: list[str] = []
        offsets: list[int] = []
        index += 1
        while source[index] != '"':
            at = text.offsets[index]
            if source[index] != "\\":
                chars.append(source[index])
                index += 1
            elif source[index + 1] == "u":
                chars.append(chr(int(source[index + 2 : index + 6], 16)))
                index += 6
            else:
                chars.append(_JSON_ESCAPES[source[index + 1]])
                index += 2
            offsets.append(at)
        index += 1
        decoded = "".join(chars)
        # A surrogate pair (`\ud83d\ude00`) is one character after decoding: keep the text.
        strings.append(
            MappedText(decoded, tuple(offsets))
            if decoded == value[len(strings)]
            else MappedText.at(value[len(strings)], offsets[0] if offsets else 0)
        )
    return strings


def _shell_argv(argv: list[MappedText]) -> tuple[MappedText, ShellOptions] | None:
    """For `["[env] bash", …, "-c", STRING]`: STRING and the shell's options."""
    words = [word.text for word in argv]
    start = 1 if words and words[0].rsplit("/", 1)[-1] == "env" else 0
    if start >= len(words) or words[start].rsplit("/", 1)[-1] not in SHELLS:
        return None
    found = shell_invocation(tuple(words[start:]))
    if found is None:
        return None
    return argv[start + found[0]], found[1]


def _shell_options(argv: list[MappedText]) -> ShellOptions | None:
    """The options a `SHELL` instruction's shell starts with, or None if it is not a shell."""
    found = _shell_argv([*argv, MappedText("", ())])
    return found[1] if found is not None else None


def _skip_flags(line: MappedText) -> int:
    """The index past the leading `--mount=…`/`--network=…` flags of an instruction."""
    match = _FLAGS.match(line.text)
    return match.end() if match else 0


def _heredoc_body(
    rest: str, index: int, lines: list[PhysicalLine]
) -> tuple[list[PhysicalLine], int]:
    """The body and terminator lines of the here-documents `rest` opens, and the next index."""
    held: list[PhysicalLine] = []
    for match in _HEREDOC.finditer(rest):
        strip_tabs, name = match.group(1) == "-", match.group(3)
        while index < len(lines):
            line = lines[index]
            index += 1
            held.append(line)
            if (line.text.lstrip("\t") if strip_tabs else line.text) == name:
                break
    return held, index


def dockerfile_shells(text: MappedText) -> Iterator[EmbeddedShell]:
    """The shell code of every `RUN` instruction, with the options its `SHELL` sets and
    what the stage's later `RUN` instructions run after it (a tool one installs that a
    later one runs fails the build there); then each stage's container command."""
    runs: list[EmbeddedShell] = []  # the stage's, so far
    for shell in _shells(text):
        if shell is not None and shell.where == WHERE:
            runs.append(shell)
            continue
        yield from _with_later(runs)  # the stage ends: its container command, or a `FROM`
        runs = []
        if shell is not None:
            yield shell
    yield from _with_later(runs)


def _with_later(runs: list[EmbeddedShell]) -> Iterator[EmbeddedShell]:
    for index, shell in enumerate(runs):
        later = "\n".join(run.code.text for run in runs[index + 1 :])
        yield shell._replace(after=(later, "")) if later else shell


def _shells(text: MappedText) -> Iterator[EmbeddedShell | None]:
    """Each instruction's shell in order: `RUN`s, and a stage's container command at its
    end (the next `FROM`, or the file's end); None where a stage begins."""
    lines = physical_lines(text.text)
    continuation = re.compile(re.escape(_escape_character(lines)) + r"[ \t]*$")
    default = ShellOptions()
    # Per named stage: its SHELL at the end, and whether it has an ENTRYPOINT.
    stages: dict[str, tuple[ShellOptions | None, bool]] = {}
    stage: str | None = None
    current: ShellOptions | None = default
    inherited_entrypoint = False
    # The stage's last CMD and ENTRYPOINT: the instruction's text and the SHELL then.
    final: dict[str, tuple[MappedText, ShellOptions | None]] = {}
    index = 0
    while index < len(lines):
        stripped = lines[index].text.lstrip()
        if not stripped or stripped.startswith("#"):
            index += 1
            continue
        line, index = _instruction(lines, index, continuation)
        match = _INSTRUCTION.match(line.text)
        if match is None:
            continue
        name = match.group(1).upper()
        rest = line.slice(match.end(), len(line))
        body: list[PhysicalLine] = []
        if name in ("RUN", "COPY", "ADD"):
            body, index = _heredoc_body(rest.text, index, lines)
        if name == "FROM":
            yield from _container_command(final, inherited_entrypoint, text.offsets)
            yield None
            final = {}
            images = [w for w in rest.text.split() if not w.startswith("--")]
            parent = stages.get(images[0].lower()) if images else None
            current, inherited_entrypoint = parent if parent is not None else (default, False)
            stage = images[2].lower() if len(images) > 2 and images[1].lower() == "as" else None
        elif name == "SHELL":
            argv = _json_strings(rest)
            current = _shell_options(argv) if argv else current
        elif name == "RUN":
            yield from _run(rest, body, current, text.offsets)
        elif name in ("CMD", "ENTRYPOINT"):
            final[name] = (rest, current)
        if stage is not None:
            stages[stage] = (current, inherited_entrypoint or "ENTRYPOINT" in final)
    yield from _container_command(final, inherited_entrypoint, text.offsets)


def _container_command(
    final: dict[str, tuple[MappedText, ShellOptions | None]],
    inherited_entrypoint: bool,
    host: Sequence[int],
) -> Iterator[EmbeddedShell]:
    """The shell a stage's container runs: its ENTRYPOINT, else its CMD."""
    name = "ENTRYPOINT" if "ENTRYPOINT" in final else "CMD"
    if name not in final or (name == "CMD" and inherited_entrypoint):
        return
    rest, options = final[name]
    command = rest.slice(0, len(rest.text.rstrip()))
    hint, where = PIPEFAIL_HINT.format(name), f"`{name}` instruction"
    argv = _json_strings(command)
    if argv is not None:
        found = _shell_argv(argv)
        if found is not None:
            code = found[0].through(host)
            yield EmbeddedShell(code, found[1], CONTAINER_END_USE, where, EXEC_PIPEFAIL_HINT)
    elif options is not None and command.text.strip():
        yield EmbeddedShell(command.through(host), options, CONTAINER_END_USE, where, hint)


def _run(
    rest: MappedText, body: list[PhysicalLine], options: ShellOptions | None, host: Sequence[int]
) -> Iterator[EmbeddedShell]:
    command = rest.slice(_skip_flags(rest), len(rest.text.rstrip()))
    argv = None if body else _json_strings(command)
    if argv is not None:
        found = _shell_argv(argv)
        if found is not None:
            code = found[0].through(host)
            yield EmbeddedShell(code, found[1], END_USE, WHERE, EXEC_PIPEFAIL_HINT)
        return
    code = command
    if body:  # the shell reads the here-documents after the command line
        code = command + MappedText.at("\n", body[0].start - 1) + _joined(body)
    if body and _HEREDOC_ONLY.fullmatch(command.text):
        # `RUN <<EOF`: the document is the script, run by its shebang's interpreter if any.
        code = _joined(body[:-1])
        first = code.text.split("\n", 1)[0]
        if first.startswith("#!"):
            words = [w for w in first[2:].split() if w != "-S"]
            if words and words[0].rsplit("/", 1)[-1] == "env":
                words = words[1:]
            interpreter = words[0].rsplit("/", 1)[-1] if words else ""
            options = shebang_options(first) if interpreter in SHELLS else None
    if options is not None and code.text.strip():
        yield EmbeddedShell(code.through(host), options, END_USE, WHERE, _RUN_HINT)
