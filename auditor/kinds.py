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
