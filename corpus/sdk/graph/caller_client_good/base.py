import asyncio

import openai


class Embedder:
    def __init__(self, client: openai.AsyncOpenAI, attempts: int = 4) -> None:
        self.client = client
        self.attempts = attempts

    async def embed(self, texts: list[str]) -> list[list[float]]:
        for attempt in range(self.attempts):
            try:
                reply = await self.client.embeddings.create(model="m", input=texts)
                return [item.embedding for item in reply.data]
            except openai.RateLimitError:
                await asyncio.sleep(2**attempt)
        raise RuntimeError("embedding kept failing")


def make_embedder() -> Embedder:
    return Embedder(openai.AsyncOpenAI(max_retries=0))
