"""Agent SDK queries whose options let the agent act, held where the query is not built:
a module constant that allows shell and edits, and an attribute the class sets in
`__init__`. Each query runs tools with side effects."""
from claude_agent_sdk import ClaudeAgentOptions, ResultMessage, query

EDITING = ClaudeAgentOptions(allowed_tools=["Bash", "Edit"], permission_mode="acceptEdits")


class Fixer:
    def __init__(self, model: str) -> None:
        self.options = ClaudeAgentOptions(model=model, tools=["Bash", "Edit"])

    async def fix(self, failure: str) -> str:
        async for message in query(prompt=f"Fix this failure:\n{failure}", options=self.options):
            if isinstance(message, ResultMessage):
                return message.result or ""
        return ""


async def implement(task: str) -> str:
    async for message in query(prompt=f"Implement: {task}", options=EDITING):
        if isinstance(message, ResultMessage):
            return message.result or ""
    return ""
