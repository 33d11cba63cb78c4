"""No RA301: the dispatcher retries only the listing of the toolkit's tools, which changes
nothing; a tool call runs once, and its failure goes back to the model as text."""

from dataclasses import dataclass
from typing import Any

from .kits import Toolkit


@dataclass
class ToolDispatcher:
    toolkit: Toolkit
    max_attempts: int = 3

    async def available(self) -> list[str]:
        for attempt in range(self.max_attempts):
            try:
                return await self.toolkit.list_tools()
            except ConnectionError:
                continue
        return []

    async def dispatch(self, name: str, arguments: dict[str, Any]) -> Any:
        try:
            return await self.toolkit.call_tool(name, arguments)
        except Exception as exc:
            return f"Error: {exc}"
