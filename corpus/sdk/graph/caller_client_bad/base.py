import asyncio

import openai


class Embedder:
    def __init__(
        self,
        client: openai.OpenAI | openai.AsyncOpenAI,  # expect: RA401(info)
        model: str = "text-embedding-3-small",
        attempts: int = 4,
    ) -> None:
        self._client = client
        self.model = model
        self.attempts = attempts

    @property
    def client(self) -> openai.AsyncOpenAI:
        if not isinstance(self._client, openai.AsyncOpenAI):
            raise TypeError("an async client is needed")
        return self._client

    async def embed(self, texts: list[str]) -> list[list[float]]:
        for attempt in range(self.attempts):
            try:
                reply = await self.client.embeddings.create(model=self.model, input=texts)
                return [item.embedding for item in reply.data]
            except (openai.RateLimitError, openai.APIConnectionError):
                await asyncio.sleep(2**attempt)
        raise RuntimeError("embedding kept failing")
