"""A provider base class whose retry loop calls a closure, which calls a method the
subclass in `chat_model.py` overrides with a hand-written tool loop: a failed completion
late in that loop re-sends the attempt and runs the tools the model chose again."""

import asyncio


class ProviderModel:
    async def _complete(self, prompt, **params):
        raise NotImplementedError

    async def __call__(self, prompt, max_attempts=3, **kwargs):
        async def attempt():
            return await asyncio.wait_for(self._complete(prompt, **kwargs), timeout=600)

        reply = None
        for number in range(max_attempts):  # expect: RA301(error)
            try:
                reply = await attempt()
            except Exception:
                await asyncio.sleep(2**number)
            else:
                break
        return reply
