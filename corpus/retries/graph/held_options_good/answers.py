"""Agent SDK queries whose options give the agent no tool, held where the query is not
built: a module constant (plan mode) and an attribute the class sets in `__init__`
(`tools=[]`). They only answer, so a retry around them repeats no side effect."""
from claude_agent_sdk import ClaudeAgentOptions, ResultMessage, query

PLAN_ONLY = ClaudeAgentOptions(permission_mode="plan", max_turns=2)


class Summarizer:
    def __init__(self, model: str) -> None:
        self.options = ClaudeAgentOptions(model=model, tools=[], max_turns=1)

    async def summarize(self, text: str) -> str:
        async for message in query(prompt=f"Summarise:\n{text}", options=self.options):
            if isinstance(message, ResultMessage):
                return message.result or ""
        return ""


async def outline(task: str) -> str:
    async for message in query(prompt=f"Outline a plan for: {task}", options=PLAN_ONLY):
        if isinstance(message, ResultMessage):
            return message.result or ""
    return ""
