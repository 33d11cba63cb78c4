import asyncio

from .errors import LLMRateLimitError, LLMServerError

RETRYABLE_ERRORS = (
    LLMRateLimitError,
    LLMServerError,
)


async def retry_async(func, *args, attempts=4, retryable_exceptions=RETRYABLE_ERRORS, **kwargs):
    for attempt in range(attempts):
        try:
            return await func(*args, **kwargs)
        except retryable_exceptions:
            if attempt == attempts - 1:
                raise
            await asyncio.sleep(2**attempt)
    raise AssertionError("unreachable")
