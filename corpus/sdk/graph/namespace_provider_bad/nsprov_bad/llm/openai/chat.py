# `llm/openai/` has no `__init__.py`: a namespace folder inside the package, imported
# as `nsprov_bad.llm.openai.chat`, not the SDK's `openai`
from openai import AsyncOpenAI

from nsprov_bad.llm.base import ChatModel


class OpenAIChat(ChatModel):
    def __init__(self, model: str) -> None:
        self.model = model
        self.client = AsyncOpenAI()  # expect: RA401(warning)

    async def complete_chat(self, prompt: str) -> str:
        reply = await self.client.chat.completions.create(
            model=self.model, messages=[{"role": "user", "content": prompt}]
        )
        return reply.choices[0].message.content or ""
