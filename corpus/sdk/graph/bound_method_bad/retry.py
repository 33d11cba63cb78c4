import asyncio


async def retry_async(func, *args, **kwargs):
    for attempt in range(4):
        try:
            return await func(*args, **kwargs)
        except Exception:
            await asyncio.sleep(2**attempt)
    raise RuntimeError("gave up")
