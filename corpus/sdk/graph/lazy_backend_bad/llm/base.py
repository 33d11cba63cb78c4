from abc import ABC, abstractmethod


class BackendError(Exception):
    pass


class Backend(ABC):
    @abstractmethod
    def complete(self, prompt: str) -> str: ...

    @abstractmethod
    async def acomplete(self, prompt: str) -> str: ...
