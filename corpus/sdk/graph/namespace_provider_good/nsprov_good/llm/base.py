from typing import Protocol


class ChatModel(Protocol):
    async def complete_chat(self, prompt: str) -> str: ...
