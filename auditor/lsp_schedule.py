"""When the language server audits: debounced, one document at a time, on a worker thread.

A keystroke does not audit: each change (re)starts a short pause for its document,
and the latest text is audited when the pause ends. Audits run one at a time on a
worker thread, so the server keeps answering (code actions, other documents'
notifications) while a slow file is audited. An audit that a newer change to its
document supersedes is stopped, and so is one that another document has waited
behind for longer than the pause: that document goes first, and the stopped one is
audited again after it. So a slow file costs its own diagnostics' latency, not
another file's.

A running audit is stopped as SIGALRM stops one past `--timeout` on the main thread
(which only that thread may handle): an exception raised in the worker thread when it
next runs Python code, and only while it is inside the region the audit marks as
interruptible (the analysis proper, never while the project index is updated).
"""

from __future__ import annotations

import asyncio
import ctypes
import itertools
import queue
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, NamedTuple

from auditor.timebound import FileTimeout

DEBOUNCE_SECONDS = 0.15  # a pause in typing this long audits the latest text


class Interrupted(BaseException):
    """An audit stopped because a newer one replaces it. A BaseException, so that the
    engine's per-rule `except Exception` does not take it for a rule's crash."""


class _Job(NamedTuple):
    ticket: int
    key: str  # the document's URI
    run: Callable[[], Any]
    started: float  # the event loop's time when it was queued


class AuditScheduler:
    """Runs `audit(key)` jobs for keys (documents) on one worker thread: debounced,
    latest only, a superseded or waited-on one stopped."""

    def __init__(
        self,
        prepare: Callable[[str], Callable[[], Any] | None],
        finish: Callable[[str, Any], None],
        debounce: float = DEBOUNCE_SECONDS,
        stopped: Callable[[str, str], None] | None = None,
    ) -> None:
        # `prepare(key)` (on the event loop) takes what the audit needs, such as the
        # document's text, and returns the work for the worker thread, or None;
        # `finish(key, result)` (on the event loop) publishes a finished audit's result,
        # or reports the exception it raised; `stopped(key, why)` hears of a stopped one.
        self.prepare = prepare
        self.finish = finish
        self.stopped = stopped
        self._why: dict[int, str] = {}  # why each stopped job was stopped, by ticket
        self.debounce = debounce
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._waiting: dict[str, None] = {}  # keys to audit, in order (a dict: no repeats)
        self._running: _Job | None = None
        self._loop: asyncio.AbstractEventLoop | None = None  # the server's, once it runs
        self._tickets = itertools.count(1)
        self._jobs: queue.SimpleQueue[_Job] = queue.SimpleQueue()
        # The worker thread's id while it is inside an interruptible region, and of which
        # job; only changed and read under the lock, so no stop lands outside one.
        self._lock = threading.Lock()
        self._region: tuple[int, int] | None = None  # (ticket, thread id)
        self._doomed: set[int] = set()  # jobs stopped before their region: it ends them
        self._worker = threading.Thread(target=self._work, name="runaudit-audit", daemon=True)
        self._worker.start()

    def changed(self, key: str) -> None:
        """A document changed: audit its latest text once a pause in changes ends."""
        loop = asyncio.get_running_loop()
        timer = self._timers.pop(key, None)
        if timer is not None:
            timer.cancel()
        self._timers[key] = loop.call_later(self.debounce, self._due, key)
        if self._running is not None and self._running.key == key:
            self._stop(self._running.ticket, Interrupted, "a newer text replaces it", doom=True)

    def now(self, key: str) -> None:
        """Audit a document as soon as the worker is free (it was opened or saved)."""
        timer = self._timers.pop(key, None)
        if timer is not None:
            timer.cancel()
        self._due(key)

    def forget(self, key: str) -> None:
        """A document closed: no audit of it is due any more."""
        timer = self._timers.pop(key, None)
        if timer is not None:
            timer.cancel()
        self._waiting.pop(key, None)
        if self._running is not None and self._running.key == key:
            self._stop(self._running.ticket, Interrupted, "the document was closed", doom=True)

    @contextmanager
    def interruptible(self, seconds: float) -> Iterator[None]:
        """The worker's analysis region: a newer audit may stop it here, and it stops
        with `FileTimeout` once `seconds` have passed (as `time_bound` on the main
        thread). Used from the worker thread, inside a job."""
        job, loop = self._running, self._loop
        if job is None or loop is None:  # not called from a job: nothing can stop it
            yield
            return
        # The time bound: a timer on the event loop (left to fire: a later job's ticket
        # differs, so it stops nothing).
        loop.call_soon_threadsafe(self._arm, job.ticket, seconds)
        with self._lock:
            self._region = (job.ticket, threading.get_ident())
            doomed = job.ticket in self._doomed
        try:
            if doomed:
                raise Interrupted
            yield
        finally:
            with self._lock:
                self._region = None
            _deliver_pending()  # a stop sent just before the region closed lands here

    def _arm(self, ticket: int, seconds: float) -> None:
        asyncio.get_running_loop().call_later(seconds, self._stop, ticket, FileTimeout, "")

    def _due(self, key: str) -> None:
        """The pause ended: queue the document (once), and run the first one waiting."""
        self._timers.pop(key, None)
        self._waiting[key] = None
        running = self._running
        if running is not None and running.key != key:
            # Another document waits behind it: past the pause, stop it (it is audited
            # again after); an audit shorter than that ends first.
            when = running.started + self.debounce
            asyncio.get_running_loop().call_at(when, self._preempt, running.ticket)
        self._next()

    def _preempt(self, ticket: int) -> None:
        running = self._running
        if running is None or running.ticket != ticket or not self._waiting:
            return
        waiting = next(iter(self._waiting))
        if self._stop(ticket, Interrupted, f"{waiting} waited behind it; audited again after"):
            self._waiting.setdefault(running.key, None)
        else:  # not in its analysis yet (or any more): look again after another pause
            asyncio.get_running_loop().call_later(self.debounce, self._preempt, ticket)

    def _next(self) -> None:
        if self._running is not None:
            return
        while self._waiting:
            key = next(iter(self._waiting))
            del self._waiting[key]
            run = self.prepare(key)
            if run is not None:
                self._loop = asyncio.get_running_loop()
                self._running = _Job(next(self._tickets), key, run, self._loop.time())
                self._jobs.put(self._running)
                return

    def _done(self, ticket: int, result: Any, stopped: bool) -> None:
        """A job ended (on the event loop): publish it unless it was stopped, run the next."""
        job = self._running
        if job is None or job.ticket != ticket:
            return
        self._running = None
        self._doomed.discard(ticket)
        why = self._why.pop(ticket, "")
        if not stopped:
            self.finish(job.key, result)
        elif self.stopped is not None:
            self.stopped(job.key, why)
        self._next()

    def _stop(self, ticket: int, error: type[BaseException], why: str, doom: bool = False) -> bool:
        """Stop job `ticket` with `error` if it is inside its interruptible region; with
        `doom`, one not there yet stops as it enters."""
        with self._lock:
            if self._region is None or self._region[0] != ticket:
                if doom:
                    self._doomed.add(ticket)
                    self._why.setdefault(ticket, why)
                return doom
            _raise_in(self._region[1], error)
        self._why.setdefault(ticket, why)
        return True

    def _work(self) -> None:
        """The worker thread: run each job, and hand its result to the event loop."""
        while True:
            try:
                job = self._jobs.get()
                try:
                    result, stopped = job.run(), False
                except Interrupted:
                    result, stopped = None, True
                except Exception as error:  # the server reports it; the worker goes on
                    result, stopped = error, False
                loop = self._loop
                assert loop is not None  # set before the first job is queued
                loop.call_soon_threadsafe(self._done, job.ticket, result, stopped)
            except Interrupted:  # pragma: no cover - a stop is delivered inside its region
                continue


def _deliver_pending() -> None:
    """A Python call: an exception sent to this thread is raised by now."""


def _raise_in(thread_id: int, error: type[BaseException]) -> None:
    """Raise `error` in the thread `thread_id` when it next runs Python code."""
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread_id), ctypes.py_object(error))
