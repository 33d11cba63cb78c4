import asyncio


async def stream_with_retry(open_stream, *, attempts=3):
    for attempt in range(attempts):
        try:
            agen = open_stream()
        except Exception:
            await asyncio.sleep(2**attempt)
            continue
        async for chunk in agen:
            yield chunk
        return
