"""Near misses: a chosen tool run once, its failure handed back to the model; a fixed
helper taken from the registry by a literal name, which is no choice of the agent; and
a reply parser taken by format from a table that only mentions tools."""

from collections.abc import Callable
from typing import Any


class ToolExecutor:
    def __init__(self) -> None:
        self.tools: dict[str, Callable[..., Any]] = {}

    def execute(self, name: str, arguments: dict[str, Any]) -> str:
        try:
            return str(self.tools[name](**arguments))
        except Exception as error:
            return f"error: {error}"

    def warm_up(self) -> None:
        for _ in range(3):
            try:
                self.tools["ping"]()
                return
            except Exception:
                continue


class ReplyParser:
    def __init__(self, llm: Callable[[str], str]) -> None:
        self.llm = llm
        self.tool_call_parsers: dict[str, Callable[[str], Any]] = {}

    def parse(self, prompt: str, fmt: str) -> Any:
        for _ in range(3):
            raw = self.llm(prompt)
            try:
                return self.tool_call_parsers[fmt](raw)
            except ValueError:
                continue
        return None


def get_tool(name: str) -> Any:
    return HEALTH_TOOLS[name]


HEALTH_TOOLS: dict[str, Any] = {}


def check_health() -> Any:
    tool = get_tool("ping")  # a fixed tool that only reads
    for _ in range(3):
        try:
            return tool.invoke({})
        except ConnectionError:
            continue
    return None
