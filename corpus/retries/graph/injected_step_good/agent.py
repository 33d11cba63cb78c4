"""Near miss: the same executor handed a query function of the project that only reads a
cache and runs no agent, so its retries repeat no tool call."""
from collections.abc import AsyncIterator
from dataclasses import dataclass

from executor import QueryExecutor


@dataclass
class Options:
    permission_mode: str = "default"
    max_turns: int = 1


@dataclass
class Cached:
    result: str


async def cached_query(prompt: str, options: Options) -> AsyncIterator[Cached]:
    yield Cached(result=f"cached answer for {prompt!r}")


class Agent:
    def __init__(self) -> None:
        self.executor = QueryExecutor(query_func=cached_query, options_class=Options)

    async def work(self, task: str) -> str:
        return await self.executor.run(task)
