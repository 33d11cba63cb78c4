import asyncio

from openai import APIConnectionError


class Transport:
    async def open_socket(self, url: str):
        raise NotImplementedError

    async def connect(self, url: str):
        for attempt in range(4):
            try:
                return await self.open_socket(url)
            except APIConnectionError:
                await asyncio.sleep(2**attempt)
        raise RuntimeError("no connection")
