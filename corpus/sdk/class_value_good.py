"""A factory given the client's class with the SDK's retries off, and one given a class
that is no SDK client."""

import backoff
from anthropic import AsyncAnthropic

from .transport import HttpTransport


def make_client(client_class, api_key: str):
    return client_class(api_key=api_key, max_retries=0)


def make_transport(transport_class, url: str):
    return transport_class(url, max_retries=3)


class Chat:
    def __init__(self, api_key: str) -> None:
        self.client = make_client(AsyncAnthropic, api_key)
        self.transport = make_transport(HttpTransport, "https://example.invalid")

    @backoff.on_exception(backoff.expo, Exception, max_tries=5)
    async def send(self, messages: list[dict[str, str]]) -> object:
        await self.transport.post("/log", messages)
        return await self.client.messages.create(
            model="claude-sonnet-4-5", max_tokens=1024, messages=messages
        )
