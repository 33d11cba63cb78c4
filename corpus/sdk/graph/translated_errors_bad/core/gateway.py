import asyncio
from dataclasses import dataclass

from .errors import ProviderError
from .provider import Provider


@dataclass
class Target:
    provider: Provider
    model: str


class Gateway:
    def __init__(self, targets: list[Target], attempts: int = 4):
        self.targets = targets
        self.attempts = attempts

    async def complete(self, prompt: str) -> str:
        for target in self.targets:
            try:
                return await self._attempt(target, prompt)
            except ProviderError:
                continue
        raise RuntimeError("every provider failed")

    async def _attempt(self, target: Target, prompt: str) -> str:
        for attempt in range(self.attempts):
            try:
                return await target.provider.complete(prompt)
            except ProviderError as error:
                if not error.transient or attempt == self.attempts - 1:
                    raise
                await asyncio.sleep(2**attempt)
        raise AssertionError("unreachable")
