"""Workers by agent name, registered when their modules are imported."""

from __future__ import annotations

from workers.base import BaseWorker

_WORKERS: dict[str, BaseWorker] = {}


def register_worker(worker: BaseWorker) -> None:
    _WORKERS[worker.AGENT_NAME] = worker


def get_worker(name: str) -> BaseWorker | None:
    return _WORKERS.get(name)
