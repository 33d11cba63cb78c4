from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable


async def execute_with_retry(executor_fn: Callable[[], Awaitable[bytes]], attempts: int) -> bytes:
    attempt = 0
    while True:
        attempt += 1
        try:
            return await executor_fn()
        except Exception:
            if attempt >= attempts:
                raise
            await asyncio.sleep(2**attempt)
