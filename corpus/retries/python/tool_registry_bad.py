"""RA301: the tool a model chose, taken from the program's registry by its name, is run
again after any failure; a tool that failed half-way (a file written, a message sent)
repeats what it already did."""

import asyncio
import time
from collections.abc import Callable
from typing import Any


class ToolExecutor:
    def __init__(self) -> None:
        self.tool_implementations: dict[str, Callable[..., Any]] = {}

    def register(self, name: str, implementation: Callable[..., Any]) -> None:
        self.tool_implementations[name] = implementation

    def execute(self, tool_name: str, parameters: dict[str, Any]) -> Any:
        for attempt in range(3):  # expect: RA301(error)
            try:
                tool_func = self.tool_implementations[tool_name]
                return tool_func(**parameters)
            except Exception:
                time.sleep(2**attempt)
        raise RuntimeError(f"{tool_name} failed")


async def run_step(registry: Any, step: Any) -> Any:
    while True:  # expect: RA301(error)
        try:
            tool = await registry.get_tool(step.tool)
            return await tool.execute(**step.arguments)
        except Exception:
            await asyncio.sleep(1)


def get_tool(name: str) -> Any:
    """The module's own lookup of a tool by name."""
    return TOOLS[name]


TOOLS: dict[str, Any] = {}


async def execute_planned(step: Any) -> Any:
    tool = get_tool(step.tool_name)
    for attempt in range(4):  # expect: RA301(error)
        try:
            return await tool.invoke(step.params)
        except Exception:
            await asyncio.sleep(2**attempt)
    return None
