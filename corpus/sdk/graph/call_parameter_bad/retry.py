import asyncio


async def run_with_retry(call, *, model, attempts=4):
    for attempt in range(attempts):
        try:
            return await call(model)
        except Exception:
            if attempt == attempts - 1:
                raise
            await asyncio.sleep(2**attempt)
    raise AssertionError("unreachable")
