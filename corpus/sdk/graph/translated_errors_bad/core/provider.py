from typing import Protocol


class Provider(Protocol):
    name: str

    async def complete(self, prompt: str) -> str: ...
