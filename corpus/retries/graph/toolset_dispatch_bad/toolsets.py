"""The toolset family: an abstract base whose `call_tool` each toolset overrides."""

from abc import ABC, abstractmethod
from typing import Any


class Toolset(ABC):
    @abstractmethod
    async def list_tools(self) -> list[str]: ...

    @abstractmethod
    async def call_tool(self, name: str, arguments: dict[str, Any]) -> Any: ...
