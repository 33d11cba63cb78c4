"""A flat checkout (no `__init__.py`): a retry helper that re-runs the function it is
given, which a provider defines inside its method and passes on."""

import asyncio


async def with_backoff(make_request, attempts, *args):
    for attempt in range(attempts):
        try:
            return await make_request(*args)
        except Exception:
            if attempt == attempts - 1:
                raise
            await asyncio.sleep(2**attempt)
