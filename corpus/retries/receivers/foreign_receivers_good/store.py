from __future__ import annotations

from typing import TYPE_CHECKING

from redis import Redis
from redis.exceptions import ConnectionError as RedisConnectionError

if TYPE_CHECKING:
    from redis.client import Pipeline

STATUSES: dict[str, str] = {"started": "running", "finished": "done"}


def status_of(kinds: list[str]) -> str:
    status = "unknown"
    for kind in kinds:
        status = STATUSES.get(kind, status)
    return status


def _queue(pipe: Pipeline, key: str, kinds: list[str]) -> None:
    events = []
    for kind in kinds:
        events.append(kind)
    pipe.rpush(key, *events)
    pipe.set(f"{key}:status", status_of(kinds))


def append(client: Redis, key: str, kinds: list[str]) -> None:
    for _attempt in range(3):
        try:
            with client.pipeline() as pipe:
                _queue(pipe, key, kinds)
                pipe.execute()
            return
        except RedisConnectionError:
            continue
