"""Near misses for declared attribute types: another class declares the name, and a
declared step class is a mapping's key or a callable's parameter, not the value."""

import asyncio
from collections.abc import Callable

from langchain_core.tools import BaseTool


class Registry:
    tool: BaseTool


class Summariser:
    def __init__(self, chain) -> None:
        self.tool = chain
        self.labels: dict[BaseTool, str] = {}
        self.wrap: Callable[[BaseTool], object] = print

    async def summarise(self, text: str, key: BaseTool):
        for attempt in range(3):
            try:
                label = self.labels[key]
                self.wrap.run(label)
                return self.tool.invoke(text)
            except Exception:
                await asyncio.sleep(2**attempt)
        return None
