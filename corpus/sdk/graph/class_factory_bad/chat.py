import backoff
from anthropic import AsyncAnthropic

from .clients import create_client_with_retry


class Chat:
    def __init__(self, api_key: str) -> None:
        self.client = create_client_with_retry(client_class=AsyncAnthropic, api_key=api_key)

    @backoff.on_exception(backoff.expo, Exception, max_tries=5)
    async def send(self, messages: list[dict[str, str]]) -> object:
        return await self.client.messages.create(
            model="claude-sonnet-4-5", max_tokens=1024, messages=messages
        )
