import asyncio


async def stream_with_retry(open_stream, *, attempts=3):
    for attempt in range(attempts):
        agen = open_stream()
        try:
            first = await agen.__anext__()
        except StopAsyncIteration:
            return
        except Exception:
            await asyncio.sleep(2**attempt)
            continue
        yield first
        async for chunk in agen:
            yield chunk
        return
