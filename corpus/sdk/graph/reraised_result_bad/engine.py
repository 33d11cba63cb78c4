import asyncio

from .adapters import Adapter
from .results import Status


class StepFailed(Exception):
    pass


class Engine:
    def __init__(self, adapter: Adapter, retries: int = 3) -> None:
        self.adapter = adapter
        self.retries = retries

    async def run_step(self, prompt: str) -> str:
        for attempt in range(self.retries):
            try:
                return await self._attempt(prompt)
            except Exception:
                await asyncio.sleep(2**attempt)
        raise StepFailed(prompt)

    async def _attempt(self, prompt: str) -> str:
        result = await self.adapter.execute(prompt)
        if result.status == Status.FAILED:
            raise StepFailed(result.error)
        return result.output
