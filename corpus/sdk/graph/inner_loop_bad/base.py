import asyncio

import anthropic


class Client:
    """Re-sends a request that failed with a rate limit or a server error."""

    async def __call__(self, prompt):
        tries = 0
        while True:
            try:
                return await self._make_request(prompt)
            except (anthropic.RateLimitError, anthropic.APIStatusError):
                tries += 1
                if tries > 3:
                    raise
                await asyncio.sleep(2**tries)

    async def _make_request(self, prompt):
        raise NotImplementedError
