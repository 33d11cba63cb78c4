"""A closure's query reads the options of the function that made it (they let the agent
edit), not the module's plan-only options of the same name: the retry around it re-runs
a step."""
import asyncio

from claude_agent_sdk import ClaudeAgentOptions, ResultMessage, query

options = ClaudeAgentOptions(permission_mode="plan", max_turns=2)


def make_fixer(tools: list[str]):
    options = ClaudeAgentOptions(allowed_tools=tools, permission_mode="acceptEdits")

    async def fix(failure: str) -> str:
        for attempt in range(3):  # expect: RA301(error)
            try:
                async for message in query(prompt=f"Fix: {failure}", options=options):
                    if isinstance(message, ResultMessage):
                        return message.result or ""
            except Exception:
                await asyncio.sleep(2**attempt)
        return ""

    return fix


async def outline(task: str) -> str:
    for attempt in range(3):
        try:
            async for message in query(prompt=f"Outline: {task}", options=options):
                if isinstance(message, ResultMessage):
                    return message.result or ""
        except Exception:
            await asyncio.sleep(2**attempt)
    return ""
