"""A wall-clock bound on one file's analysis, so that no input can stall a run.

It uses SIGALRM, which only the main thread of a process may handle: worker
processes and an in-process run (`--jobs 1`) both audit on their main thread. Where
the platform has no `setitimer` (Windows), or the caller is another thread, the
bound does nothing. Native code (a parser) is interrupted when it returns to Python.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager

DEFAULT_TIMEOUT = 20.0  # seconds per file; the slowest real file audits in well under one


class FileTimeout(BaseException):
    """A file's analysis ran past the bound. A BaseException, so that the engine's
    per-rule `except Exception` does not take it for a rule's crash."""


def _expired(signum: int, frame: object) -> None:
    raise FileTimeout


@contextmanager
def time_bound(seconds: float) -> Iterator[None]:
    """Raise `FileTimeout` in the block once `seconds` have passed."""
    if not hasattr(signal, "setitimer") or seconds <= 0:
        yield
        return
    try:
        previous = signal.signal(signal.SIGALRM, _expired)
    except ValueError:  # not the main thread: only it may handle signals
        yield
        return
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
