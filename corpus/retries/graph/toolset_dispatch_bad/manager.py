"""RA301: the tool manager keeps a toolset (typed by the abstract base) and runs the
model's tool call again after any exception; the remote toolset's override sends it to
the MCP server, which may have done its work before the failure."""

from dataclasses import dataclass
from typing import Any

from .toolsets import Toolset


@dataclass
class ToolManager:
    toolset: Toolset
    max_attempts: int = 3

    async def handle_call(self, name: str, arguments: dict[str, Any]) -> Any:
        last: Exception | None = None
        for attempt in range(self.max_attempts):  # expect: RA301(error)
            try:
                return await self.toolset.call_tool(name, arguments)
            except Exception as exc:
                last = exc
        raise RuntimeError(f"tool {name} failed") from last
