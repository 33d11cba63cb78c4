"""A retry helper that calls what it is given: a caller in another module hands it the
Agents SDK's `Runner.run`, a whole agent run with its tools, so it re-runs the agent."""

import asyncio

from openai import APIError, RateLimitError


async def retry_with_backoff(func, *args, max_retries=3, **kwargs):
    retries = 0
    while True:
        try:
            return await func(*args, **kwargs)
        except (RateLimitError, APIError):
            if retries >= max_retries:
                raise
            retries += 1
            await asyncio.sleep(2**retries)
