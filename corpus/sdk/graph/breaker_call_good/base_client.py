import asyncio
from abc import ABC, abstractmethod

import pybreaker


class BaseLLMClient(ABC):
    def __init__(self):
        self.breaker = pybreaker.CircuitBreaker(fail_max=5, reset_timeout=60)

    @abstractmethod
    async def _generate(self, prompt: str) -> str: ...

    async def generate(self, prompt: str, timeout: float = 120) -> str:
        async def _execute():
            return await asyncio.wait_for(self._generate(prompt), timeout=timeout)

        return await self.breaker.call(_execute)
