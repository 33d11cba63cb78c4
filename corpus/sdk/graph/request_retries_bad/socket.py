from openai import AsyncOpenAI

from .base import Transport


class SocketTransport(Transport):
    async def open_socket(self, url: str):
        client = AsyncOpenAI(websocket_base_url=url)  # expect: RA401(warning)
        manager = client.responses.connect(extra_headers={})
        return await manager.enter()
