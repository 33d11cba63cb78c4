from anthropic import APIError, APIStatusError, AsyncAnthropic

from core.errors import ProviderError


class AnthropicProvider:
    name = "anthropic"

    def __init__(self, api_key: str) -> None:
        self._client = AsyncAnthropic(api_key=api_key, max_retries=0)

    async def complete(self, prompt: str) -> str:
        try:
            reply = await self._client.messages.create(
                model="claude-sonnet-4-5",
                max_tokens=1024,
                messages=[{"role": "user", "content": prompt}],
            )
        except APIError as error:
            raise self._map_error(error) from error
        return reply.content[0].text

    def _map_error(self, error: APIError) -> ProviderError:
        if isinstance(error, APIStatusError):
            return ProviderError(str(error), transient=error.status_code >= 500)
        return ProviderError(str(error), transient=True)
