"""Why a file was not audited, in the words of RA901: the reason and the option that
changes it."""

from __future__ import annotations

from typing import Protocol


class SizeBound(Protocol):
    """A file above `max-file-size` (`discover.TooLarge`)."""

    size: int
    limit: int


def timed_out(seconds: float) -> str:
    """Why a file past the time bound was not audited, and what changes it."""
    return (
        f"its analysis took longer than {seconds:g} s; raise `--timeout` (or `timeout` in"
        " config) to audit it"
    )


def fix_timed_out(seconds: float) -> str:
    """Why `--fix`/`--diff` left a file as it was: auditing it, or its fixed text, ran past
    the time bound."""
    return (
        f"not fixed: its analysis took longer than {seconds:g} s; raise `--timeout` (or"
        " `timeout` in config) to fix it"
    )


def too_large(error: SizeBound) -> str:
    """Why a file past the size bound was not audited, and what changes it."""
    return (
        f"it is {error.size:,} bytes, above `max-file-size` ({error.limit:,} bytes); raise"
        " `max-file-size` in config to audit it"
    )


def input_too_large(limit: int) -> str:
    """Why standard input past the size bound (read no further) was not audited."""
    return (
        f"it is more than {limit:,} bytes, above `max-file-size`; raise `max-file-size` in"
        " config to audit it"
    )


def unreadable(error: OSError) -> str:
    """Why a file that cannot be read was not audited, and what changes it."""
    if isinstance(error, FileNotFoundError):
        return "it does not exist (or vanished during the run); correct the path given"
    why = (error.strerror or str(error)).lower()
    return f"it cannot be read ({why}); make it readable, or leave it out with `extend-exclude`"
