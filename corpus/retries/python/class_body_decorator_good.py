"""No RA301: the class body's plain-function decorator is applied with no retries (`retries`,
its first parameter, is 0, not an instance), so the tool call runs once.
"""

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

    @retrying(0)
    async def run_tool(self, name: str, arguments: dict):
        return (await self.session.call_tool(name, arguments)).content
