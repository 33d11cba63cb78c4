"""RA301: a decorator the class defines as a static method, applied in its body, runs a
tool call on the MCP server again after a failure; the first call may have done its work
before the session failed."""

from contextlib import AsyncExitStack

from mcp import ClientSession, McpError


class Connection:
    def __init__(self, transport) -> None:
        self.transport = transport
        self.stack = AsyncExitStack()
        self.session = None

    @staticmethod
    def reconnecting(retries: int = 3):
        def decorator(func):
            async def wrapper(self, *args, **kwargs):
                for attempt in range(retries + 1):
                    try:
                        if self.session is None:
                            await self.connect()
                        return await func(self, *args, **kwargs)
                    except McpError:
                        self.session = None
                        if attempt == retries:
                            raise

            return wrapper

        return decorator

    async def connect(self) -> None:
        read, write = await self.stack.enter_async_context(self.transport())
        self.session = await self.stack.enter_async_context(ClientSession(read, write))
        await self.session.initialize()

    @reconnecting()  # expect: RA301(warning)
    async def execute_tool(self, name: str, arguments: dict):
        result = await self.session.call_tool(name, arguments)
        return result.content
