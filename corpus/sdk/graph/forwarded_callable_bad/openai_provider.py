from openai import AsyncOpenAI

from .retrying import RetryingMixin


class OpenAIProvider(RetryingMixin):
    def __init__(self, **options):
        self.client = AsyncOpenAI(**options)  # expect: RA401(warning)

    async def chat(self, messages, model):
        async def _request():
            return await self._raw_chat(messages, model)

        return await self.with_retry(_request, f"openai.chat({model})")

    async def _raw_chat(self, messages, model):
        response = await self.client.chat.completions.create(model=model, messages=messages)
        return response.choices[0].message.content
