"""Paths as consumers resolve them: SARIF and GitHub annotations name files from the top
of the repository (GitHub places them there), whichever folder runaudit ran in."""

from __future__ import annotations

import functools
import os


@functools.cache
def source_root(cwd: str) -> str:
    """The top level of the git repository holding `cwd` (the nearest folder with a
    `.git`), else `cwd` itself: what `%SRCROOT%` stands for."""
    here = cwd
    while True:
        if os.path.lexists(os.path.join(here, ".git")):
            return here
        parent = os.path.dirname(here)
        if parent == here:
            return cwd
        here = parent


def from_source_root(path: str) -> str | None:
    """`path` (relative to the working folder, or absolute) relative to the source root,
    with forward slashes; None when it is outside the root."""
    absolute = os.path.abspath(path)
    root = source_root(os.getcwd())
    try:
        relative = os.path.relpath(absolute, root)
    except ValueError:  # another drive on Windows
        return None
    if os.path.isabs(relative) or relative == os.pardir or relative.startswith(os.pardir + os.sep):
        return None
    return relative.replace(os.sep, "/") if os.sep != "/" else relative


def as_from_source_root(path: str) -> str:
    """`path` as the source root sees it, text kept as given (GitHub shows it as named): a
    relative path inside the working folder gets the folder's place in the root prefixed;
    any other is normalised by `from_source_root`, or kept when outside the root."""
    cwd = os.getcwd()
    if not os.path.isabs(path) and path.split("/", 1)[0] != os.pardir:
        prefix = os.path.relpath(cwd, source_root(cwd)).replace(os.sep, "/")
        return path if prefix == "." else f"{prefix}/{path}"
    return from_source_root(path) or path
