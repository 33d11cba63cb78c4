import openai


class OpenRouterAdapter:
    def __init__(self) -> None:
        self.client = openai.AsyncOpenAI(base_url="https://openrouter.ai/api/v1", max_retries=0)

    async def chat(self, messages):
        reply = await self.client.chat.completions.create(model="m", messages=messages)
        return reply.choices[0].message.content
