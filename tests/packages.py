"""Small Python packages written for a test to audit or index."""

from __future__ import annotations

import textwrap
from pathlib import Path


def write_package(root: Path, name: str, files: dict[str, str]) -> Path:
    """A package `name` under `root` with an empty `__init__.py` and `files` (dedented)."""
    package = root / name
    package.mkdir()
    (package / "__init__.py").write_text("")
    for module, code in files.items():
        (package / module).write_text(textwrap.dedent(code))
    return package
