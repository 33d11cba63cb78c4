from tenacity import AsyncRetrying, stop_after_attempt, wait_exponential


async def open_with_retry(opener, *, attempts: int = 3):
    async def _attempt():
        async for state in AsyncRetrying(stop=stop_after_attempt(attempts), wait=wait_exponential()):
            with state:
                return await opener()
        raise RuntimeError("no attempt ran")

    return await _attempt()
