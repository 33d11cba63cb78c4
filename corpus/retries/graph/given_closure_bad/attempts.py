from __future__ import annotations

from collections.abc import Callable


def until_ok(attempt_fn: Callable[[], bool], limit: int) -> bool:
    for _ in range(limit):  # expect: RA301(error)
        if attempt_fn():
            return True
    return False
