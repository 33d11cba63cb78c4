"""systemd units: the `sh -c` strings of `[Service]` `Exec*=` command lines.

systemd runs no shell: in `ExecStart=gptme … | tee log` the `|` is just an
argument of gptme. Shell appears only as the STRING of `sh|bash|… [options]
-c STRING`, which systemd hands over after its own unquoting (quotes and C
escapes), `%` specifiers and `${VAR}` expansion; the values it substitutes
become opaque words.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from auditor.hosts.mapped import C_ESCAPES, EmbeddedShell, MappedText
from auditor.shell.command_strings import SHELLS, shell_invocation
from auditor.shell.options import ShellOptions

# Sections whose `Exec*=` lines run commands, and the keys that do.
_SECTIONS = frozenset({"Service", "Socket"})
EXEC_KEYS = frozenset(
    {
        "ExecCondition",
        "ExecStartPre",
        "ExecStart",
        "ExecStartPost",
        "ExecReload",
        "ExecStop",
        "ExecStopPre",
        "ExecStopPost",
    }
)
_PREFIXES = "@-:+!|"
_WHITESPACE = " \t\n\r"
# systemd adds `\s` and `\ ` (a space) to the C escapes.
_SIMPLE_ESCAPES = {**C_ESCAPES, "s": " ", " ": " "}
_CODE_ESCAPES = {"x": (2, 16), "u": (4, 16), "U": (8, 16)}
PIPEFAIL_HINT = (
    "run the string with `bash -o pipefail -c` (or start it with `set -o pipefail; `) "
    "so a failing stage fails the command"
)
_AUTOCONF = re.compile(r"@[A-Za-z_]+@")
_ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def unit_lines(text: str) -> Iterator[MappedText]:
    """Logical lines of a unit, stripped, continuations joined and comments dropped.

    Offsets are indexes into `text`. A trailing `\\` joins the next line and
    becomes a space; comment lines inside a continuation are skipped.
    """
    pending: list[MappedText] = []
    position = 0
    for raw in text.split("\n"):
        start = position
        position += len(raw) + 1
        line = raw[:-1] if raw.endswith("\r") else raw
        stripped = line.strip()
        if stripped[:1] in ("#", ";") or (not pending and not stripped):
            continue
        if _continues(line):
            pending.append(MappedText.verbatim(line[:-1] + " ", start))
            continue
        pending.append(MappedText.verbatim(line, start))
        yield _strip(MappedText.join(pending))
        pending = []
    if pending:
        yield _strip(MappedText.join(pending))


def _continues(line: str) -> bool:
    trailing = len(line) - len(line.rstrip("\\"))
    return trailing % 2 == 1


def _strip(mapped: MappedText) -> MappedText:
    text = mapped.text
    start = len(text) - len(text.lstrip())
    return mapped.slice(start, len(text.rstrip()))


def exec_lines(text: str) -> Iterator[tuple[str, MappedText]]:
    """Each `Exec*=` key of a command section with its value (offsets into `text`)."""
    section = ""
    for line in unit_lines(text):
        if line.text.startswith("[") and line.text.endswith("]"):
            section = line.text[1:-1].strip()
            continue
        key, equals, _ = line.text.partition("=")
        key = key.strip()
        if equals and section in _SECTIONS and key in EXEC_KEYS:
            yield key, _strip(line.slice(line.text.index("=") + 1, len(line)))


def split_command_line(value: MappedText) -> list[MappedText]:
    """Words of a command line: quotes removed, C escapes decoded (each char mapped)."""
    text = value.text
    words: list[MappedText] = []
    index = 0
    while True:
        while index < len(text) and text[index] in _WHITESPACE:
            index += 1
        if index >= len(text):
            return words
        chars: list[str] = []
        offsets: list[int] = []
        quote = ""
        while index < len(text):
            char = text[index]
            if not quote and char in _WHITESPACE:
                break
            if char == "\\":
                decoded, length = _unescape(text, index)
                chars.append(decoded)
                offsets.extend([value.offsets[index]] * len(decoded))
                index += length
                continue
            if not quote and char in "'\"":
                quote = char
            elif char == quote:
                quote = ""
            else:
                chars.append(char)
                offsets.append(value.offsets[index])
            index += 1
        words.append(MappedText("".join(chars), tuple(offsets)))


def _unescape(text: str, index: int) -> tuple[str, int]:
    """The text a backslash escape at `index` stands for, and its length in `text`.

    Unknown escapes keep their backslash, as systemd does after warning.
    """
    following = text[index + 1 : index + 2]
    if following in _SIMPLE_ESCAPES:
        return _SIMPLE_ESCAPES[following], 2
    if following in _CODE_ESCAPES:
        digits, base = _CODE_ESCAPES[following]
        code = text[index + 2 : index + 2 + digits]
        if len(code) == digits and all(c in "0123456789abcdefABCDEF" for c in code):
            value = int(code, base)
            if 0 < value < 0x110000:
                return chr(value), 2 + digits
    octal = text[index + 1 : index + 4]
    if len(octal) == 3 and all(c in "01234567" for c in octal) and octal != "000":
        return chr(int(octal, 8)), 4
    if not following:
        return "\\", 1
    return "\\" + following, 2


def expand_specifiers(word: MappedText) -> MappedText:
    """`%%` becomes `%`; any other `%x` specifier is a value unknown here."""
    parts: list[MappedText] = []
    text = word.text
    index = 0
    while index < len(text):
        if text[index] == "%" and index + 1 < len(text):
            if text[index + 1] == "%":
                parts.append(word.slice(index, index + 1))
            else:
                parts.append(MappedText.opaque(word.offsets[index]))
            index += 2
            continue
        parts.append(word.slice(index, index + 1))
        index += 1
    return MappedText.join(parts)


def expand_environment(word: MappedText) -> MappedText:
    """`$$` becomes `$`; `${VAR}` anywhere and a whole-word `$VAR` are unknown values."""
    text = word.text
    if text.startswith("$") and _ENV_NAME.fullmatch(text, 1):
        return MappedText.opaque(word.offsets[0])
    parts: list[MappedText] = []
    index = 0
    while index < len(text):
        following = text[index + 1 : index + 2]
        if text[index] == "$" and following == "$":
            parts.append(word.slice(index, index + 1))
            index += 2
            continue
        if text[index] == "$" and following == "{":
            end = _closing_brace(text, index + 2)
            if end is not None:
                parts.append(MappedText.opaque(word.offsets[index]))
                index = end + 1
                continue
        parts.append(word.slice(index, index + 1))
        index += 1
    return MappedText.join(parts)


def _closing_brace(text: str, index: int) -> int | None:
    depth = 1
    while index < len(text):
        if text.startswith("${", index):
            depth += 1
            index += 1
        elif text[index] == "}":
            depth -= 1
            if depth == 0:
                return index
        index += 1
    return None


def shell_string(
    words: list[MappedText], skip_argv0: bool
) -> tuple[MappedText, str, ShellOptions] | None:
    """For `[env …] sh [options] -c STRING …`: STRING, the shell's name and its options."""
    argv = [w.text for w in words]
    first = 1 if skip_argv0 else 0
    if not argv:
        return None
    program = argv[0].rsplit("/", 1)[-1]
    shell_at: int | None = first
    if program == "env":
        shell_at = _after_env(argv, 1 + first)
    if shell_at is None or shell_at >= len(argv):
        return None
    program = argv[shell_at].rsplit("/", 1)[-1] if program == "env" else program
    if program not in SHELLS:
        return None
    found = shell_invocation(tuple(argv[shell_at:]))
    if found is None:
        return None
    index, options = found
    return words[shell_at + index], program, options


def _after_env(argv: list[str], index: int) -> int | None:
    """The index of the program `env` runs, past its options and assignments."""
    while index < len(argv):
        word = argv[index]
        if word in ("-u", "--unset", "-C", "--chdir"):
            index += 2
        elif word.startswith(("-S", "--split-string")):
            return None
        elif word.startswith("-") or ("=" in word and _ENV_NAME.match(word)):
            index += 1
        else:
            return index
    return None


def command_lines(words: list[MappedText], unit: str) -> list[list[MappedText]]:
    """The command lines of one `Exec*=` value: a bare `;` word separates them (`\\;` and a
    quoted `";"` are arguments)."""
    lines: list[list[MappedText]] = [[]]
    for word in words:
        at = word.offsets[0] if word.text == ";" else -1
        bare = at >= 0 and unit[at] == ";" and unit[at - 1 : at] in ("", " ", "\t")
        if bare and unit[at + 1 : at + 2] in ("", " ", "\t", "\r", "\n"):
            lines.append([])
        else:
            lines[-1].append(word)
    return [line for line in lines if line]


def systemd_shells(text: MappedText) -> Iterator[EmbeddedShell]:
    """The shell code of every `sh -c` string on an `Exec*=` line of a unit."""
    for key, value in exec_lines(text.text):
        for words in command_lines(split_command_line(value), text.text):
            yield from _command_shell(key, words, text)


def _command_shell(key: str, words: list[MappedText], text: MappedText) -> Iterator[EmbeddedShell]:
    """The shell string of one command line, if it runs `sh -c`."""
    prefix_length = len(words[0].text) - len(words[0].text.lstrip(_PREFIXES))
    if _AUTOCONF.match(words[0].text):  # `@bindir@/bash` in a `.service.in`
        prefix_length = 0
    prefixes = words[0].text[:prefix_length]
    words[0] = words[0].slice(prefix_length, len(words[0]))
    words = [expand_specifiers(word) for word in words]
    if ":" not in prefixes:
        words = [expand_environment(word) for word in words]
    found = shell_string(words, skip_argv0="@" in prefixes)
    if found is None:
        return
    code, shell, options = found
    end_use = None if "-" in prefixes else f"systemd uses the `{key}` status"
    where = f"`{key}` `{shell} -c` string"
    yield EmbeddedShell(code.through(text.offsets), options, end_use, where, PIPEFAIL_HINT)
