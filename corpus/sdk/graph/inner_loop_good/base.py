import asyncio


class QuotaWait(Exception):
    """Raised by the application when its own quota says to wait."""


class Client:
    """Waits and asks again when the application's own quota says so."""

    async def __call__(self, prompt):
        tries = 0
        while True:
            try:
                return await self._make_request(prompt)
            except QuotaWait:
                tries += 1
                if tries > 3:
                    raise
                await asyncio.sleep(2**tries)

    async def _make_request(self, prompt):
        raise NotImplementedError
