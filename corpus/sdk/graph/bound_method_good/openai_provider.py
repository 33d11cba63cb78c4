import openai


class OpenAIProvider:
    def __init__(self, key: str) -> None:
        self._client = openai.AsyncOpenAI(api_key=key)

    async def ask(self, prompt: str) -> str:
        reply = await self._client.chat.completions.create(model="m", messages=[prompt])
        return reply.choices[0].message.content or ""

    async def render(self, text: str) -> str:
        return text.strip()
