import asyncio
from dataclasses import dataclass

from nsprov_bad.llm.base import ChatModel


@dataclass
class ChatAgent:
    llm: ChatModel
    attempts: int = 4

    async def reply(self, prompt: str) -> str:
        for attempt in range(self.attempts):
            try:
                return await self.llm.complete_chat(prompt)
            except Exception:
                if attempt == self.attempts - 1:
                    raise
                await asyncio.sleep(2**attempt)
        raise RuntimeError("unreachable")
