"""Where shell hides: each host kind turns its text into embedded shell code.

Every extractor has the signature `(text: MappedText) -> Iterable[EmbeddedShell]`
and lives in its own module, imported only when a file of its kind needs it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable

from auditor.hosts.mapped import EmbeddedShell, MappedText
from auditor.kinds import FileKind

Extractor = Callable[[MappedText], Iterable[EmbeddedShell]]

# kind -> (module, function, substrings one of which a file must hold to be worth reading)
_EXTRACTORS: dict[FileKind, tuple[str, str, tuple[str, ...]]] = {
    FileKind.SYSTEMD: ("auditor.hosts.systemd", "systemd_shells", ("Exec",)),
    FileKind.ACTIONS: ("auditor.hosts.actions", "actions_shells", ("run",)),
    FileKind.DOCKERFILE: ("auditor.hosts.dockerfile", "dockerfile_shells", ("RUN", "run")),
    FileKind.MAKEFILE: ("auditor.hosts.makefile", "makefile_shells", ("\t",)),
}


def extractor_for(kind: FileKind, text: str) -> Extractor | None:
    """The extractor for a kind of file, if that kind hosts shell and `text` can hold some."""
    entry = _EXTRACTORS.get(kind)
    if entry is None or not any(marker in text for marker in entry[2]):
        return None
    module, function, _ = entry
    found: Extractor = getattr(importlib.import_module(module), function)
    return found
