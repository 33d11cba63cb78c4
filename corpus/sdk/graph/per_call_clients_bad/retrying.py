import asyncio

import anthropic


async def call_with_retry(client, **kwargs):
    for attempt in range(4):
        try:
            return client.messages.create(**kwargs)
        except (anthropic.RateLimitError, anthropic.InternalServerError):
            await asyncio.sleep(2**attempt)
    raise RuntimeError("gave up")
