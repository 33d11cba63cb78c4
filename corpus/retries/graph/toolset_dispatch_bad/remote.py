"""A toolset whose tools run on an MCP server, through the FastMCP client."""

from typing import Any

from fastmcp import Client

from .toolsets import Toolset


class RemoteToolset(Toolset):
    def __init__(self, url: str) -> None:
        self.url = url

    async def list_tools(self) -> list[str]:
        async with Client(self.url) as client:
            return [tool.name for tool in await client.list_tools()]

    async def call_tool(self, name: str, arguments: dict[str, Any]) -> Any:
        async with Client(self.url) as client:
            result = await client.call_tool(name, arguments)
        return result.data
