"""Near misses: attributes declared with other classes (an HTTP client whose `get` only
reads), and a declared MCP client whose retried call only lists the tools."""

import asyncio

import httpx
from fastmcp import Client


class Probe:
    def __init__(self) -> None:
        self.http: dict[str, httpx.AsyncClient] = {}
        self.servers: dict[str, Client] = {}

    async def status(self, name: str, url: str):
        for attempt in range(3):
            client = self.http.get(name)
            try:
                return await client.get(url)
            except httpx.TransportError:
                await asyncio.sleep(2**attempt)
        return None

    async def tools(self, name: str):
        for attempt in range(3):
            server = self.servers[name]
            try:
                return await server.list_tools()
            except Exception:
                await asyncio.sleep(2**attempt)
        return None
