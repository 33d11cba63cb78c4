"""A wall-clock bound on one file's analysis, so that no input can stall a run.

It uses SIGALRM, which only the main thread of a process may handle: worker
processes and an in-process run (`--jobs 1`) both audit on their main thread. Where
the platform has no `setitimer` (Windows), or the caller is another thread, the
bound does nothing. Native code (a parser) is interrupted when it returns to Python.
"""

from __future__ import annotations

import signal
import threading
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
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable or seconds <= 0:
        yield
        return
    previous = signal.signal(signal.SIGALRM, _expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
