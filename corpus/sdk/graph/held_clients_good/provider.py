from typing import Any

from groq import AsyncGroq
from openai import AsyncOpenAI


class GroqProvider:
    def __init__(self, keys: list[str]) -> None:
        self._clients: list[Any] = []
        self._spares: list[Any] = []
        self._index = 0
        for key in keys:
            self._clients.append(AsyncGroq(api_key=key, max_retries=0))
            self._spares.append(AsyncOpenAI(api_key=key))

    async def extract(self, text: str) -> dict:
        client = self._clients[self._index % len(self._clients)]
        response = await client.chat.completions.create(model="m", messages=[text])
        return {"text": response.choices[0].message.content, "spares": len(self._spares)}
