"""Near miss: the attribute holds a class the SDK never retries (a reply that does not
parse), so each attempt of the loop is one send per SDK attempt of a fresh request."""

import json

from tenacity import AsyncRetrying, retry_if_exception_type, stop_after_attempt


class AnthropicProvider:
    def __init__(self, api_key: str) -> None:
        import anthropic

        self._client = anthropic.AsyncAnthropic(api_key=api_key)
        self._retry_exceptions = (json.JSONDecodeError,)

    async def chat(self, kwargs: dict) -> dict:
        async for attempt in AsyncRetrying(
            stop=stop_after_attempt(4), retry=retry_if_exception_type(self._retry_exceptions)
        ):
            with attempt:
                reply = await self._client.messages.create(**kwargs)
                return json.loads(reply.content[0].text)
        raise AssertionError("unreachable")
