"""Near miss: the same retry loop and closure, over an override whose loop runs one fixed
tool the code chose (a search by a literal name), not tools the model asked for."""

import asyncio


class SearchingModel:
    async def _complete(self, prompt, **params):
        raise NotImplementedError

    async def __call__(self, prompt, max_attempts=3, **kwargs):
        async def attempt():
            return await asyncio.wait_for(self._complete(prompt, **kwargs), timeout=600)

        reply = None
        for number in range(max_attempts):
            try:
                reply = await attempt()
            except Exception:
                await asyncio.sleep(2**number)
            else:
                break
        return reply
