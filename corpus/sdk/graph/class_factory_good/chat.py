import backoff
from anthropic import AsyncAnthropic

from .clients import create_client, create_transport
from .transport import HttpTransport


class Chat:
    def __init__(self, api_key: str) -> None:
        self.client = create_client(AsyncAnthropic, api_key)
        self.transport = create_transport(transport_class=HttpTransport, url="https://x.invalid")

    @backoff.on_exception(backoff.expo, Exception, max_tries=5)
    async def send(self, messages: list[dict[str, str]]) -> object:
        await self.transport.post("/log", messages)
        return await self.client.messages.create(
            model="claude-sonnet-4-5", max_tokens=1024, messages=messages
        )


def transport_for(name: str) -> object:
    from .clients import get_or_create

    for _attempt in range(3):
        try:
            return get_or_create(HttpTransport, name)
        except OSError:
            continue
    return None
