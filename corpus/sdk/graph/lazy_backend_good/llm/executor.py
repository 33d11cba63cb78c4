import asyncio

from .base import BackendError


class Executor:
    def __init__(self, settings) -> None:
        self.settings = settings

    async def run(self, request, prompt: str) -> str:
        for attempt in range(4):
            try:
                return await self._call(request, prompt)
            except BackendError:
                await asyncio.sleep(2**attempt)
        raise BackendError("every attempt failed")

    async def _call(self, request, prompt: str) -> str:
        backend = request.fn.backend
        acomplete = getattr(backend, "acomplete", None)
        if acomplete is not None:
            return await acomplete(prompt)
        return await asyncio.to_thread(backend.complete, prompt)
