from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger(__name__)


async def fetch_with_retry(fetch_fn: Callable[[], Awaitable[bytes]], attempts: int) -> bytes:
    attempt = 0
    while True:
        attempt += 1
        try:
            return await fetch_fn()
        except Exception:
            if attempt >= attempts:
                raise
            await asyncio.sleep(2**attempt)


async def logged(run_fn: Callable[[], Awaitable[bytes]]) -> bytes:
    try:
        return await run_fn()
    except Exception:
        log.exception("the run failed")
        raise
