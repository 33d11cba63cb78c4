from openai import AsyncOpenAI

from .base import BaseClient


class OpenAIClient(BaseClient):
    def __init__(self):
        self.client = AsyncOpenAI()

    async def _generate(self, messages):
        response = await self.client.chat.completions.create(model="m", messages=messages)
        return response.choices[0].message.content
