from openai import AsyncOpenAI

from .retry import run_with_retry


class Provider:
    def __init__(self):
        self.client = AsyncOpenAI()  # expect: RA401(warning)

    async def complete(self, messages, model):
        async def _send(chosen):
            response = await self.client.chat.completions.create(model=chosen, messages=messages)
            return response.choices[0].message.content

        return await run_with_retry(_send, model=model)
