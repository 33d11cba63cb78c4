"""Runs each task with its agent's worker, found through the package's registry; the
attempt loop waits for the worker to be registered, and the task runs once: a failed
run raises to the caller."""

from __future__ import annotations

import time

import workers.claude  # noqa: F401  (registers the claude worker)
from workers import get_worker


def run_task(agent: str, task: str) -> str:
    worker = None
    for attempt in range(3):
        worker = get_worker(agent)
        if worker is not None:
            break
        time.sleep(attempt + 1)
    if worker is None:
        raise LookupError(agent)
    return worker.run(task).output
