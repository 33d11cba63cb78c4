"""A factory given the client's class as a value builds the client it calls with its own
retries, under the caller's retry decorator."""

import backoff
from anthropic import AsyncAnthropic


def make_client(client_class, api_key: str):
    return client_class(api_key=api_key, max_retries=3)  # expect: RA401(warning)


class Chat:
    def __init__(self, api_key: str) -> None:
        self.client = make_client(client_class=AsyncAnthropic, api_key=api_key)

    @backoff.on_exception(backoff.expo, Exception, max_tries=5)
    async def send(self, messages: list[dict[str, str]]) -> object:
        return await self.client.messages.create(
            model="claude-sonnet-4-5", max_tokens=1024, messages=messages
        )


class StaticChat:
    """The factory a static method, called on `self`: no `self` comes before its class."""

    @staticmethod
    def make(client_class, api_key: str):
        return client_class(api_key=api_key, max_retries=3)  # expect: RA401(warning)

    def __init__(self, api_key: str) -> None:
        self.client = self.make(AsyncAnthropic, api_key)

    @backoff.on_exception(backoff.expo, Exception, max_tries=5)
    async def send(self, messages: list[dict[str, str]]) -> object:
        return await self.client.messages.create(
            model="claude-sonnet-4-5", max_tokens=1024, messages=messages
        )
