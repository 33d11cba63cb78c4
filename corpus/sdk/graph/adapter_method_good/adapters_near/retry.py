import asyncio


async def retry_async(func, *args, attempts=3, **kwargs):
    for attempt in range(1, attempts + 1):
        try:
            return await func(*args, **kwargs)
        except Exception:
            if attempt == attempts:
                raise
            await asyncio.sleep(2**attempt)
    raise AssertionError("unreachable")
