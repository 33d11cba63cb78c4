"""What a `grep` looks for: its one pattern, its option letters and the files it reads.

Read off the command's words as grep reads them: clustered short options (`-qi`), a
value joined or in the next word (`-m1`, `-e DONE`, `-m 1`), long options (`--quiet`,
`--regexp=DONE`, `--max-count 5`), `--` before the operands, and the operands after the
pattern (the files; none: it reads its input).
"""

from __future__ import annotations

from typing import NamedTuple

from auditor.shell.commands import SimpleCommand

# short options whose value is the rest of the word or the next one
_VALUED = frozenset("efmABCdD")
# long options that stand for a short one
_LONG = {
    "--ignore-case": "i",
    "--word-regexp": "w",
    "--line-regexp": "x",
    "--fixed-strings": "F",
    "--extended-regexp": "E",
    "--quiet": "q",
    "--silent": "q",
    "--invert-match": "v",
    "--count": "c",
    "--only-matching": "o",
}
# long options whose value, without `=`, is the next word
_LONG_VALUED = frozenset(
    {
        "--max-count",
        "--after-context",
        "--before-context",
        "--context",
        "--label",
        "--include",
        "--exclude",
        "--exclude-dir",
        "--devices",
        "--directories",
        "--binary-files",
    }
)


class GrepQuery(NamedTuple):
    """What a grep looks for."""

    pattern: str
    flags: str  # its option letters (`-qi` and `--quiet`: "qiq")
    files: tuple[str | None, ...]  # its operands after the pattern (None: a word not known)


def grep_query(command: SimpleCommand) -> GrepQuery | None:
    """The pattern, options and files of a `grep` (or `egrep`, `fgrep`, `rg`); None when
    its pattern is not known: a word not known before it, a pattern file, several
    patterns."""
    flags = "F" if command.command_name == "fgrep" else ""
    patterns: list[str] = []
    operands: list[str | None] = []
    words = list(command.argv[command.program_index + 1 :])
    index = 0
    while index < len(words):
        word = words[index]
        index += 1
        if word is None:
            return None
        if word == "--" or word == "-" or not word.startswith("-"):
            operands = words[index - (word != "--") :]
            break
        if word.startswith("--"):
            name, joined, value = word.partition("=")
            if name in ("--file", "--regexp") and not joined:
                value, index = (words[index] or "") if index < len(words) else "", index + 1
            if name == "--file":
                return None
            if name == "--regexp":
                patterns.append(value)
            elif name in _LONG:
                flags += _LONG[name]
            elif name in _LONG_VALUED and not joined:
                index += 1
            continue
        letters = word[1:]
        for position, letter in enumerate(letters):
            if letter not in _VALUED:
                flags += letter
                continue
            value = letters[position + 1 :]
            if not value and index < len(words):
                value, index = words[index] or "", index + 1
            if letter == "f":
                return None
            if letter == "e":
                patterns.append(value)
            break
    if not patterns and operands:
        first = operands.pop(0)
        if first is None:
            return None
        patterns.append(first)
    return GrepQuery(patterns[0], flags, tuple(operands)) if len(patterns) == 1 else None
