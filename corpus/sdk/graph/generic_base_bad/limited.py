import asyncio
from typing import Generic, TypeVar

T = TypeVar("T")


class Limited(Generic[T]):
    """Re-sends every request that fails, up to five times."""

    async def execute(self, *args: object) -> T:
        for attempt in range(5):
            try:
                return await self._request(*args)
            except Exception:
                await asyncio.sleep(2**attempt)
        raise RuntimeError("gave up")

    async def _request(self, *args: object) -> T:
        raise NotImplementedError
