from openai import AsyncOpenAI
from tenacity import AsyncRetrying, stop_after_attempt, wait_exponential


class Streamer:
    def __init__(self) -> None:
        self._client = AsyncOpenAI()  # expect: RA401(warning)

    async def first_chunk(self, prompt: str) -> str:
        retry_loop = AsyncRetrying(stop=stop_after_attempt(3), wait=wait_exponential(), reraise=True)
        async for attempt in retry_loop:
            with attempt:
                stream = await self._client.chat.completions.create(
                    model="gpt-4o", messages=[{"role": "user", "content": prompt}], stream=True
                )
                async for chunk in stream:
                    return chunk.choices[0].delta.content or ""
        return ""
