"""Gitignore-style patterns and ignore files: compiled on demand, bounded in what they
may cost, and matched as git matches them."""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from pathspec import GitIgnoreSpec

# A `**` segment matches any number of directories; pathspec compiles each to a regex
# that backtracks, so matching costs grow exponentially with their count (eight of
# them against a path 40 deep took minutes). Real ignore files use one or two.
MAX_GLOBSTARS = 4
IGNORE_FILE_LIMIT = 1024 * 1024  # bytes read of one ignore file
# Every path is matched against every pattern in effect above it, so a checkout
# could make discovery crawl with huge or deeply stacked ignore files. Beyond
# these, an ignore file is not used (and said so): runaudit audits more, not less.
_GITIGNORE_PATTERNS = 2_000  # in one file
_GITIGNORE_IN_EFFECT = 5_000  # in all the files over one directory
_GITIGNORE_FILES = 32  # ignore files stacked over one directory


def too_complex(pattern: str) -> bool:
    """Whether a gitignore pattern has more `**` segments than can be matched in bounded
    time; such a pattern is not used (and named in a diagnostic)."""
    return pattern.count("**") > MAX_GLOBSTARS


def gitignore_spec(lines: Sequence[str]) -> GitIgnoreSpec:
    """Gitignore-style patterns compiled (pathspec is imported only when there are some)."""
    from pathspec import GitIgnoreSpec

    return GitIgnoreSpec.from_lines(lines)


class IgnoreFile(NamedTuple):
    """A `.gitignore` and the directory its patterns are relative to."""

    base: str
    spec: GitIgnoreSpec


def gitignored(ignores: Sequence[IgnoreFile], path: str, is_dir: bool) -> bool:
    """Whether the ignore files over `path` ignore it (`is_dir`: it is a directory)."""
    # The deepest `.gitignore` with a matching pattern decides, as in git.
    for ignore in reversed(ignores):
        rel = _relative_below(path, ignore.base)
        result = ignore.spec.check_file(rel + "/" if is_dir else rel)
        if result.include is not None:
            return bool(result.include)
    return False


def _relative_below(path: str, base: str) -> str:
    """`path` relative to `base`, with `/`; a plain slice when `base` is above it (the walk)."""
    prefix = base if base.endswith(os.sep) else base + os.sep
    rel = path[len(prefix) :] if path.startswith(prefix) else os.path.relpath(path, base)
    return rel if os.sep == "/" else rel.replace(os.sep, "/")


def _patterns(ignores: Sequence[IgnoreFile]) -> int:
    return sum(len(ignore.spec.patterns) for ignore in ignores)


def parse_ignore_file(
    base: str, text: str, above: tuple[IgnoreFile, ...] = ()
) -> tuple[tuple[IgnoreFile, ...], list[str]]:
    """The ignore file with `text` (patterns relative to `base`), under those `above` it,
    and why it, or some of its patterns, are not used."""
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    if len(above) >= _GITIGNORE_FILES:
        return (), [f"ignore file not used: more than {_GITIGNORE_FILES} nested ignore files"]
    if len(lines) > _GITIGNORE_PATTERNS or _patterns(above) + len(lines) > _GITIGNORE_IN_EFFECT:
        limit = f"{_GITIGNORE_PATTERNS:,} in a file, {_GITIGNORE_IN_EFFECT:,} in effect"
        return (), [f"ignore file not used: {len(lines):,} patterns, above the limits ({limit})"]
    problems = []
    costly = [line for line in lines if too_complex(line)]
    if costly:
        problems.append(
            f"{len(costly)} ignore pattern(s) not used: more than {MAX_GLOBSTARS} `**` "
            f"(`{costly[0].strip()}`) cannot be matched in bounded time"
        )
    # Git skips a malformed pattern; so do we.
    usable = [line for line in lines if not too_complex(line) and _valid_pattern(line)]
    spec = gitignore_spec(usable)
    return ((IgnoreFile(base, spec),) if spec.patterns else ()), problems


def _valid_pattern(line: str) -> bool:
    try:
        gitignore_spec([line])
    except (ValueError, re.error):
        return False
    return True
