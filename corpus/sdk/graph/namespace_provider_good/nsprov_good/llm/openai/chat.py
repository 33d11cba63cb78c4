# `llm/openai/` has no `__init__.py`: a namespace folder inside the package, imported
# as `nsprov_good.llm.openai.chat`, not the SDK's `openai`
from openai import AsyncOpenAI

from nsprov_good.llm.base import ChatModel


class OpenAIChat(ChatModel):
    def __init__(self, model: str) -> None:
        self.model = model
        self.client = AsyncOpenAI(max_retries=0)  # the agent owns recovery

    async def complete_chat(self, prompt: str) -> str:
        reply = await self.client.chat.completions.create(
            model=self.model, messages=[{"role": "user", "content": prompt}]
        )
        return reply.choices[0].message.content or ""
