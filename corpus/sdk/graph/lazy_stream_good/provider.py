from openai import AsyncOpenAI

from .retrying import stream_with_retry


class Provider:
    def __init__(self, key: str) -> None:
        self._client = AsyncOpenAI(api_key=key)

    async def stream(self, messages: list[dict]):
        def open_stream():
            return self._chunks(messages)

        async for chunk in stream_with_retry(open_stream):
            yield chunk

    async def _chunks(self, messages: list[dict]):
        stream = await self._client.chat.completions.create(
            model="m", messages=messages, stream=True
        )
        async for part in stream:
            yield part.choices[0].delta.content or ""
