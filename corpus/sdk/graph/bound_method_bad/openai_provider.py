import openai


class OpenAIProvider:
    def __init__(self, key: str) -> None:
        self._client = openai.AsyncOpenAI(api_key=key)  # expect: RA401

    async def ask(self, prompt: str) -> str:
        reply = await self._client.chat.completions.create(model="m", messages=[prompt])
        return reply.choices[0].message.content or ""
