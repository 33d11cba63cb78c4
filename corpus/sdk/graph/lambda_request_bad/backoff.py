import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

T = TypeVar("T")


def call_with_backoff(operation: Callable[[], T], *, max_attempts: int = 5) -> T:
    for attempt in range(1, max_attempts + 1):
        try:
            return operation()
        except Exception:
            if attempt == max_attempts:
                raise
            time.sleep(2**attempt)
    raise RuntimeError("unreachable")


async def acall_with_retry(operation: Callable[[], Awaitable[T]], attempts: int = 4) -> T:
    for attempt in range(attempts):
        try:
            return await operation()
        except Exception:
            if attempt == attempts - 1:
                raise
            await asyncio.sleep(1 + attempt)
    raise RuntimeError("unreachable")
