"""A provider keeps the classes its tenacity loop retries in an attribute set in
`__init__`, next to a lazily imported SDK's client."""

from tenacity import AsyncRetrying, retry_if_exception_type, stop_after_attempt


class AnthropicProvider:
    def __init__(self, api_key: str) -> None:
        import anthropic

        self._client = anthropic.AsyncAnthropic(api_key=api_key)  # expect: RA401(warning)
        self._retry_exceptions = (anthropic.APIConnectionError, anthropic.RateLimitError)

    async def chat(self, kwargs: dict) -> str:
        async for attempt in AsyncRetrying(
            stop=stop_after_attempt(4), retry=retry_if_exception_type(self._retry_exceptions)
        ):
            with attempt:
                reply = await self._client.messages.create(**kwargs)
        return reply.content[0].text
