from typing import Any

from groq import AsyncGroq
from openai import AsyncOpenAI


class GroqProvider:
    def __init__(self, keys: list[str]) -> None:
        self._clients: list[Any] = []
        self._backups: list[Any] = []
        self._index = 0
        for key in keys:
            self._clients.append(AsyncGroq(api_key=key))  # expect: RA401
            self._backups.insert(0, AsyncOpenAI(api_key=key))  # expect: RA401

    async def extract(self, text: str) -> dict:
        client = self._clients[self._index % len(self._clients)]
        response = await client.chat.completions.create(model="m", messages=[text])
        for backup in self._backups:
            await backup.chat.completions.create(model="m", messages=[text])
        return {"text": response.choices[0].message.content}
