"""The same retry helpers on a class, given work that repeats nothing: a read of a
status page."""

import asyncio
import time


class RetryPolicy:
    def __init__(self, max_retries: int = 3) -> None:
        self.max_retries = max_retries


class Recovery:
    pause = 1.0

    @staticmethod
    async def with_backoff(func, policy: RetryPolicy, *args, **kwargs):
        last = None
        for attempt in range(policy.max_retries + 1):
            try:
                if asyncio.iscoroutinefunction(func):
                    return await func(*args, **kwargs)
                return func(*args, **kwargs)
            except Exception as error:
                last = error
                await asyncio.sleep(2**attempt)
        raise RuntimeError("out of attempts") from last

    @classmethod
    def again(cls, func, tries: int = 3):
        for attempt in range(tries):
            try:
                return func()
            except Exception:
                if attempt == tries - 1:
                    raise
                time.sleep(cls.pause)
        return None
