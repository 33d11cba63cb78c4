"""The chat model: every request is retried on a rate limit."""

import backoff
from openai import AsyncOpenAI, RateLimitError


class OpenAIChat:
    def __init__(self, client: AsyncOpenAI, model: str = "gpt-4o-mini") -> None:
        self.client = client
        self.model = model

    @backoff.on_exception(backoff.expo, RateLimitError, max_tries=5)
    async def answer(self, question: str) -> str:
        reply = await self.client.chat.completions.create(
            model=self.model, messages=[{"role": "user", "content": question}]
        )
        return reply.choices[0].message.content or ""
