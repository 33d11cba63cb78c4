"""Shell options that decide whether a status is used: errexit and pipefail."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import NamedTuple, TypeVar

from auditor.project import CallSite

T = TypeVar("T")
_LETTERS = {"e": "errexit"}
_NAMED = {"errexit", "pipefail"}


class ShellOptions(NamedTuple):
    """The options in effect at one point of a script."""

    errexit: bool = False
    pipefail: bool = False
    inherit_errexit: bool = False

    def with_option(self, name: str, value: bool) -> ShellOptions:
        """These options with one changed, if runaudit tracks it."""
        if name in ("errexit", "pipefail", "inherit_errexit"):
            return self._replace(**{name: value})
        return self

    def in_substitution(self) -> ShellOptions:
        """Options inside `$(…)`: bash drops errexit there unless `inherit_errexit`."""
        return self if self.inherit_errexit else self._replace(errexit=False)


def apply_set(options: ShellOptions, words: Sequence[str | None]) -> ShellOptions:
    """Options after `set WORDS` (`-euo pipefail`, `-o errexit`, `+o pipefail`)."""
    index = 0
    while index < len(words):
        word = words[index] or ""
        index += 1
        if word in ("--", "-") or word[:1] not in ("-", "+") or len(word) < 2:
            break
        enable = word[0] == "-"
        for letter in word[1:]:
            if letter == "o":
                name = words[index] if index < len(words) else None
                index += 1
                if name in _NAMED:
                    options = options.with_option(name, enable)
            elif letter in _LETTERS:
                options = options.with_option(_LETTERS[letter], enable)
    return options


def apply_shopt(options: ShellOptions, words: Sequence[str | None]) -> ShellOptions:
    """Options after `shopt -s|-u [-o] NAME…` (`shopt -so pipefail`)."""
    flags = "".join((w or "")[1:] for w in words if (w or "").startswith("-"))
    names = [w for w in words if w and not w.startswith("-")]
    if "s" not in flags and "u" not in flags:
        return options
    enable = "s" in flags
    for name in names:
        if ("o" in flags and name in _NAMED) or ("o" not in flags and name == "inherit_errexit"):
            options = options.with_option(name, enable)
    return options


SHELLS = frozenset({"bash", "sh", "dash", "zsh", "ksh"})
_ENV_VALUED = frozenset({"-u", "--unset", "-C", "--chdir", "-P"})  # `env` options with a value


def _interpreter(first_line: str) -> list[str]:
    """The program a shebang runs and its words, past `env` or `busybox` and their own
    options (`#!/usr/bin/env -S bash -eo pipefail`: bash, -eo, pipefail); none for a line
    that is no shebang."""
    if not first_line.startswith("#!"):
        return []
    words = first_line[2:].split()
    while words and words[0].rsplit("/", 1)[-1] in ("env", "busybox"):
        words = words[1:]
        while words and (words[0].startswith("-") or "=" in words[0]):
            words = words[2:] if words[0] in _ENV_VALUED else words[1:]
    return words


def shebang_options(first_line: str) -> ShellOptions:
    """Options a shebang sets (`#!/bin/bash -e`, `#!/usr/bin/env -S bash -eo pipefail`)."""
    words = _interpreter(first_line)
    return apply_set(ShellOptions(), words[1:]) if words else ShellOptions()


def shell_shebang(first_line: str) -> bool:
    """Whether a first line is a shell's shebang and nothing else: the shell (`#!/bin/bash`,
    `#!/usr/bin/env -S bash -e`, `#!/bin/busybox sh`) and its options only."""
    words = _interpreter(first_line)
    if not words or words[0].rsplit("/", 1)[-1] not in SHELLS:
        return False
    rest = words[1:]
    while rest:
        if not rest[0].startswith(("-", "+")):
            return False  # `#!/bin/bash is the first line …`: prose
        rest = rest[2:] if rest[0].endswith("o") else rest[1:]  # `-o pipefail`, `-eo NAME`
    return True


def both_on(first: ShellOptions, second: ShellOptions) -> ShellOptions:
    """The options on in both."""
    return ShellOptions(*(a and b for a, b in zip(first, second, strict=True)))


def called_with(
    calls: Iterable[CallSite], functions: Iterable[str], top: ShellOptions
) -> dict[str, ShellOptions]:
    """The options each of a sourced file's `functions` runs with where the scripts that
    source it call it: the options on at every call, with those the file's top level
    leaves on (`top`: its `set -euo pipefail` holds in the script after the `source`),
    errexit off for a call in a condition or a `$(…)` (`CallSite`)."""
    defined = set(functions)
    found: dict[str, ShellOptions] = {}
    for name, unchecked, errexit, pipefail in calls:
        if name not in defined:
            continue
        errexit = (errexit or top.errexit) and not unchecked
        options = top._replace(errexit=errexit, pipefail=pipefail or top.pipefail)
        found[name] = both_on(found[name], options) if name in found else options
    return found


# A test of whether the file is being sourced (`[ "${BASH_SOURCE[0]}" = "$0" ]`, either way
# round): the file is meant to be sourced, by scripts the audited tree may not hold
_SOURCED_TEST = re.compile(
    r"BASH_SOURCE(?:\[0\])?(?::-[^}]*)?\}?\"?\s*(?:[!=]=?|-ef)\s*\"?\$\{?0\b"
    r"|\$\{?0\}?\"?\s*(?:[!=]=?|-ef)\s*\"?\$\{?BASH_SOURCE\b"
    r"|\(\s*return\s+0\s+2>\s*/dev/null\s*\)"
)


def sourced_test(statements: Iterable[tuple[T, str]]) -> T | None:
    """The first of a file's top-level statements (each with its text, comments left
    out) that tests whether the file is being sourced, if any: the scripts that source
    it call its functions with the options in force there."""
    return next((node for node, text in statements if _SOURCED_TEST.search(text)), None)


def unseen_calls(functions: Iterable[str]) -> tuple[CallSite, ...]:
    """The calls that scripts the tree does not hold make of a library's `functions`: one
    plain call of each (errexit where the library leaves it on)."""
    return tuple((name, False, False, False) for name in functions)
