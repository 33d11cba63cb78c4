"""Near misses: a tool run once with its error handed to the model, and a closure whose
`tool` is its own name for what a lookup gives, not the parameter."""

from typing import Any

from langchain_core.tools import BaseTool, StructuredTool


def retrying(tool: BaseTool, attempts: int = 4) -> BaseTool:
    async def run_async(**kwargs: Any) -> Any:
        try:
            return await tool.ainvoke(kwargs)
        except Exception as exc:
            return f"Error: {tool.name} failed after {attempts} attempts at most: {exc}"

    def run(**kwargs: Any) -> Any:
        try:
            return tool.invoke(kwargs)
        except Exception as exc:
            return f"Error: {tool.name} failed: {exc}"

    return StructuredTool.from_function(name=tool.name, description=tool.description, func=run, coroutine=run_async)


def describe_all(tool: BaseTool, names: list[str], lookup: Any) -> list[str]:
    def describe(name: str) -> str:
        for _ in range(3):
            tool = lookup(name)
            try:
                return str(tool.invoke({"describe": True}))
            except KeyError:
                continue
        return ""

    return [describe(name) for name in names] + [tool.name]
