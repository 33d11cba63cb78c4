"""No RA301: the class's reconnecting decorator retries only the listing of the server's
tools, which changes nothing; a tool call runs once."""

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

    @reconnecting()
    async def list_tools(self):
        return (await self.session.list_tools()).tools

    async def execute_tool(self, name: str, arguments: dict):
        if self.session is None:
            await self.connect()
        result = await self.session.call_tool(name, arguments)
        return result.content
