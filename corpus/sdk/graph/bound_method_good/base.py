from typing import Protocol


class LLMProvider(Protocol):
    @property
    def name(self) -> str: ...

    async def chat(self, messages: list[str]) -> str: ...
