from abc import ABC, abstractmethod


class ChatBackendBase(ABC):
    async def aask(self, prompt):
        return await self._achat([{"role": "user", "content": prompt}])

    @abstractmethod
    async def _achat(self, messages): ...
