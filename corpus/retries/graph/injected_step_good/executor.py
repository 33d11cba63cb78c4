"""The executor keeps the query function it is handed and retries a whole query after any
failure; here it is handed a local summariser that runs no agent, so nothing is re-run."""
import asyncio
from typing import Any

from query_mixin import QueryMixin


class QueryExecutor(QueryMixin):
    def __init__(self, query_func: Any, options_class: Any) -> None:
        self.query = query_func
        self.options_class = options_class

    async def run(self, prompt: str) -> str:
        failures = 0
        while True:
            try:
                return await self._execute_query(prompt)
            except Exception:
                failures += 1
                await asyncio.sleep(min(60, 2**failures))
