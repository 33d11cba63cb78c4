"""Near misses: the same helper, given a function that runs no agent and a process call
whose argv names none."""

import asyncio

from openai import APIError, RateLimitError


async def retry_fetch(func, *args, max_retries=3, **kwargs):
    retries = 0
    while True:
        try:
            return await func(*args, **kwargs)
        except (RateLimitError, APIError):
            if retries >= max_retries:
                raise
            retries += 1
            await asyncio.sleep(2**retries)
