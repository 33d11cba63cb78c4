import asyncio
from collections.abc import Awaitable, Callable
from typing import Any


class PatientRun:
    def __init__(self, budget: float) -> None:
        self.budget = budget

    def _backoff(self, attempt: int) -> float:
        wait = min(60.0, 2.0**attempt)
        if wait > self.budget:
            raise TimeoutError("time budget spent while retrying")
        self.budget -= wait
        return wait

    async def call(self, factory: Callable[[], Awaitable[Any]]) -> Any:
        attempt = 0
        while True:
            try:
                return await factory()
            except Exception:
                wait = self._backoff(attempt)
            await asyncio.sleep(wait)
            attempt += 1
