from anthropic import AsyncAnthropic

from .retry import open_with_retry


class Streamer:
    def __init__(self) -> None:
        self._client = AsyncAnthropic(max_retries=0)
        self._plain = AsyncAnthropic()

    async def stream(self, messages: list[dict]):
        manager = self._client.messages.stream(model="m", max_tokens=1024, messages=messages)
        stream = await open_with_retry(manager.__aenter__)
        try:
            async for text in stream.text_stream:
                yield text
        finally:
            await manager.__aexit__(None, None, None)

    async def once(self, messages: list[dict]):
        async with self._plain.messages.stream(model="m", max_tokens=64, messages=messages) as s:
            return await s.get_final_text()
