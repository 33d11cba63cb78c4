"""Runs each task with its agent's worker, found through the package's registry; the
attempt loop re-runs a worker that failed for any reason."""

from __future__ import annotations

import logging
import time

import workers.claude  # noqa: F401  (registers the claude worker)
from workers import get_worker

log = logging.getLogger(__name__)


def run_task(agent: str, task: str) -> str:
    worker = get_worker(agent)
    if worker is None:
        raise LookupError(agent)
    for attempt in range(3):  # expect: RA301(error)
        try:
            return worker.run(task).output
        except Exception as error:
            log.warning("attempt %d failed: %s", attempt, error)
            time.sleep(5)
    raise RuntimeError(f"{agent} failed on {task}")
