from openai import AsyncOpenAI

from .base import Transport


class SocketTransport(Transport):
    async def open_socket(self, url: str):
        client = AsyncOpenAI(websocket_base_url=url)
        manager = client.responses.connect(extra_headers={}, max_retries=0)
        return await manager.enter()
