"""Gitignore-style patterns: compiled on demand, and bounded in what they may cost."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathspec import GitIgnoreSpec

# A `**` segment matches any number of directories; pathspec compiles each to a regex
# that backtracks, so matching costs grow exponentially with their count (eight of
# them against a path 40 deep took minutes). Real ignore files use one or two.
MAX_GLOBSTARS = 4


def too_complex(pattern: str) -> bool:
    """Whether a gitignore pattern has more `**` segments than can be matched in bounded
    time; such a pattern is not used (and named in a diagnostic)."""
    return pattern.count("**") > MAX_GLOBSTARS


def gitignore_spec(lines: Sequence[str]) -> GitIgnoreSpec:
    """Gitignore-style patterns compiled (pathspec is imported only when there are some)."""
    from pathspec import GitIgnoreSpec

    return GitIgnoreSpec.from_lines(lines)
