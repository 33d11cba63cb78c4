"""Worker processes: a task mapped over the candidates, in order, in parallel.

A worker that crashes costs one file, not the run; Ctrl-C and SIGTERM stop
every worker, so that none outlives the run.
"""

from __future__ import annotations

import gc
import signal
import threading
import weakref
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TypeVar, cast

from auditor.errors import terminated

if TYPE_CHECKING:
    from auditor.discover import Candidate

T = TypeVar("T")
PARALLEL_THRESHOLD = 16  # files; fewer are audited in-process (pre-commit runs)

_TASK: Callable[[Candidate], object] | None = None


def _init_worker(task: Callable[[Candidate], object], collector: tuple[int, ...]) -> None:
    global _TASK
    _TASK = task
    gc.set_threshold(*collector)  # the parent's (a spawned worker would not inherit it)
    # Ctrl-C reaches the whole process group: the parent stops the workers and reports it
    # once, instead of every worker printing a KeyboardInterrupt traceback. The parent
    # stops a worker with SIGTERM, which must end it, not raise in its task (the pool
    # would take that for the task's failure and hand the worker the next file).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _work(candidate: Candidate) -> object:
    assert _TASK is not None
    return _TASK(candidate)


def map_in_workers(
    task: Callable[[Candidate], T],
    candidates: Sequence[Candidate],
    jobs: int,
    crashed: Callable[[Candidate], T],
) -> Iterator[T]:
    """`task` over the candidates, in order: in worker processes when there are enough.

    A worker that dies (a parser crashing in native code takes its process
    with it) costs one file, not the run: the files in flight are retried one
    at a time in a fresh worker, the one that kills it again gets
    `crashed(candidate)`, and the rest go on in parallel.
    """
    if jobs <= 1 or len(candidates) < PARALLEL_THRESHOLD:
        yield from map(task, candidates)
        return
    from concurrent.futures.process import BrokenProcessPool

    done, suspects = 0, 0  # suspects: files to retry one at a time after a crash
    while done < len(candidates):
        one_by_one = suspects > 0
        batch = candidates[done : done + suspects] if one_by_one else candidates[done:]
        try:
            for result in _pool_map(task, batch, 1 if one_by_one else jobs, 1 if one_by_one else 8):
                yield result
                done += 1
                suspects = max(suspects - 1, 0)
        except BrokenProcessPool:
            if one_by_one:
                yield crashed(candidates[done])
                done += 1
                suspects = 0
            else:
                suspects = (jobs + 1) * 8 * 2  # more than could be in flight
        else:
            suspects = 0


def _pool_map(
    task: Callable[[Candidate], T], candidates: Sequence[Candidate], jobs: int, chunk: int
) -> Iterator[T]:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    previous = _on_sigterm(terminated)
    try:
        with ProcessPoolExecutor(
            max_workers=jobs,
            mp_context=context,
            initializer=_init_worker,
            initargs=(task, gc.get_threshold()),
        ) as pool:
            try:
                yield from cast(Iterator[T], pool.map(_work, candidates, chunksize=chunk))
            except BaseException:  # Ctrl-C, SIGTERM, the caller stopping: no orphan workers
                _stop_workers(pool)
                raise
    finally:
        # (one that a SIGTERM reset, to end the process at the next one, stays reset)
        if previous is not None and signal.getsignal(signal.SIGTERM) is terminated:
            _on_sigterm(previous)


def _on_sigterm(handler: Any) -> Any:
    """Install a SIGTERM handler, returning the one it replaces (none off the main thread)."""
    try:
        return signal.signal(signal.SIGTERM, handler)
    except ValueError:  # not the main thread: signals are not ours to handle
        return None


def _stop_workers(pool: Any) -> None:
    """Kill the pool's worker processes: shutting the pool down waits for running tasks.
    (Their list is read first: the executor, which keeps no public one, drops it when it
    shuts down.)"""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    if isinstance(manager, threading.Thread):
        # Once its workers are gone, the executor's thread fails the results nobody waits
        # for any more, and CPython 3.11 raises there for those cancelled (a traceback on
        # the way out): that thread's exceptions are not reported.
        _SILENCED.add(manager)
        threading.excepthook = _unless_silenced
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()


_SILENCED: weakref.WeakSet[threading.Thread] = weakref.WeakSet()
_REPORT = threading.excepthook


def _unless_silenced(args: threading.ExceptHookArgs) -> None:
    """Report an exception of a thread, unless it is a stopped pool's (`_stop_workers`)."""
    if args.thread not in _SILENCED:
        _REPORT(args)
