from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from redis import Redis
from redis.exceptions import ConnectionError as RedisConnectionError

if TYPE_CHECKING:
    from redis.client import Pipeline

STATUSES: dict[str, str] = {"started": "running", "finished": "done"}


@dataclass
class Entry:
    kind: str


class Events(Redis):
    """The tree's own client class, its methods Redis's."""


def status_of(kinds: list[str]) -> str:
    status = "unknown"
    for kind in kinds:
        status = STATUSES.get(kind, status)
    return status


def _queue(pipe: Pipeline, key: str, kinds: list[str], buffer) -> None:
    entries = []
    for kind in kinds:
        entries.append(Entry(kind))
        buffer.append(kind)
    pipe.rpush(key, *(entry.kind for entry in entries))
    pipe.set(f"{key}:status", status_of(kinds))


def append(client: Redis, key: str, kinds: list[str], buffer) -> None:
    for _attempt in range(3):
        try:
            with client.pipeline() as pipe:
                _queue(pipe, key, kinds, buffer)
                pipe.execute()
            Events().publish("runs", key)
            return
        except RedisConnectionError:
            continue
