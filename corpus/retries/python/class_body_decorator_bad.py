"""RA301: a decorator written as a plain function of the class body (no `self`, applied by
its name there) runs a tool call on the MCP server again after a failure, up to four
times."""

from mcp import ClientSession, McpError


class ToolRunner:
    def __init__(self, read, write) -> None:
        self.session = ClientSession(read, write)

    def retrying(retries: int = 3):
        def decorator(func):
            async def wrapper(self, *args, **kwargs):
                for attempt in range(retries + 1):
                    try:
                        return await func(self, *args, **kwargs)
                    except McpError:
                        if attempt == retries:
                            raise

            return wrapper

        return decorator

    @retrying()  # expect: RA301(warning)
    async def run_tool(self, name: str, arguments: dict):
        return (await self.session.call_tool(name, arguments)).content
