"""RA301: the MCP clients are kept in an attribute whose declared type names their class
(`dict[str, Client]`, `Client | None`); a tool call on one is re-sent after a timeout,
when the server may already have run it."""

import asyncio

from fastmcp import Client
from mcp import ClientSession


class ToolHub:
    default: Client | None = None

    def __init__(self) -> None:
        self.clients: dict[str, Client] = {}
        self.session: ClientSession | None = None

    async def call(self, server: str, tool: str, arguments: dict):
        for attempt in range(3):  # expect: RA301(error)
            client = self.clients[server]
            try:
                return await client.call_tool(tool, arguments)
            except Exception:
                await asyncio.sleep(2**attempt)
        return None

    async def call_default(self, tool: str, arguments: dict):
        attempt = 0
        while attempt < 2:  # expect: RA301(warning)
            attempt += 1
            try:
                return await self.default.call_tool(tool, arguments)
            except TimeoutError:
                await asyncio.sleep(1)
        return None

    async def call_session(self, tool: str, arguments: dict):
        for _ in range(2):  # expect: RA301(error)
            session = self.session
            try:
                return await session.call_tool(tool, arguments)
            except Exception:
                continue
        return None
