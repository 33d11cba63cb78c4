"""The kinds of file runaudit reads, and the host each kind feeds."""

from __future__ import annotations

import enum


class FileKind(str, enum.Enum):
    """What a discovered file is, decided from its name, extension and shebang."""

    PYTHON = "python"
    SHELL = "shell"
    SYSTEMD = "systemd"
    ACTIONS = "actions"
    DOCKERFILE = "dockerfile"
    MAKEFILE = "makefile"


class Host(str, enum.Enum):
    """The model a rule reads. Shell text from every kind of file is a `SHELL` unit."""

    SHELL = "shell"
    PYTHON = "python"
    # The suppression comments of a file, after every other rule has run.
    SUPPRESSIONS = "suppressions"
    # The file itself, whatever its kind (a systemd unit's `Restart=`).
    FILE = "file"
    # A file that could not be analysed at all (nested too deep for the parser).
    PARSE_FAILURE = "parse-failure"
    # A file runaudit was asked to audit and did not: past a bound, unreadable, missing.
    NOT_AUDITED = "not-audited"


# `source FILE` or `. FILE` as a word of its own (after a line start, a blank, a separator,
# a backtick or `!`: a case arm `x) source f`, `if source f`, `X=1 source f`, `` `. f` ``
# all count), FILE a path or a word that makes one (`. != null` in a jq filter is not one).
# The shell model follows exactly the `source`/`.` commands tree-sitter finds, each of which
# this matches: a script it does not match sources nothing, and only such a script is cached.
_SOURCE_COMMAND = rb"(?:^|[\s;&|({`)!\\])(?:source|\.)[ \t]+[\"'$~/.\w]"


def sources_a_file(data: bytes | str) -> bool:
    """Whether shell text (bytes as read, or decoded) may source another file, whose
    functions its analysis reads."""
    import re  # compiled once per type, through re's cache; most runs never ask

    if isinstance(data, bytes):
        return re.search(_SOURCE_COMMAND, data, re.M) is not None
    return re.search(_SOURCE_COMMAND.decode(), data, re.M) is not None
