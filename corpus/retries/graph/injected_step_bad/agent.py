"""The agent imports the SDK lazily, keeps its `query` on the instance and hands it to the
executor of another module."""
from executor import QueryExecutor


class Agent:
    def __init__(self) -> None:
        self._import_sdk()
        self.executor = QueryExecutor(query_func=self.query, options_class=self.options_class)

    def _import_sdk(self) -> None:
        import claude_agent_sdk

        self.query = claude_agent_sdk.query
        self.options_class = claude_agent_sdk.ClaudeAgentOptions

    async def work(self, task: str) -> str:
        return await self.executor.run(task)
