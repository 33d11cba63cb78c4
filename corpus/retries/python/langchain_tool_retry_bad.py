"""RA301: a LangChain tool (an MCP server's, a shell) is its action; a wrapper that runs
it again after any exception repeats what the failed call may already have done. The
wrapped tool is the enclosing function's parameter, read in the closures."""

import asyncio
from typing import Any

from langchain_core.tools import BaseTool, StructuredTool


def retrying(tool: BaseTool, attempts: int = 4) -> BaseTool:
    async def run_async(**kwargs: Any) -> Any:
        for attempt in range(attempts):  # expect: RA301(error)
            try:
                return await tool.ainvoke(kwargs)
            except Exception:
                await asyncio.sleep(2**attempt)
        return "Error: tool failed"

    def run(**kwargs: Any) -> Any:
        while True:  # expect: RA301(error)
            try:
                return tool.invoke(kwargs)
            except Exception as exc:
                print(f"{tool.name} failed: {exc}; again")

    return StructuredTool.from_function(name=tool.name, description=tool.description, func=run, coroutine=run_async)
