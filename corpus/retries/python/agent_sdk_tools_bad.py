"""RA301: the same retry loops around Agent SDK queries whose options leave the agent its
tools (edits accepted, only some tools refused): a retry re-runs the tools it called."""
import asyncio

from claude_agent_sdk import ClaudeAgentOptions, ResultMessage, query


class Fixer:
    def _build_options(self) -> ClaudeAgentOptions:
        return ClaudeAgentOptions(permission_mode="acceptEdits", disallowed_tools=["WebFetch"])

    async def fix(self, prompt: str) -> str:
        options = self._build_options()
        for attempt in range(3):  # expect: RA301(error)
            try:
                async for message in query(prompt=prompt, options=options):
                    if isinstance(message, ResultMessage):
                        return message.result or ""
            except Exception:
                await asyncio.sleep(2**attempt)
        raise RuntimeError("not fixed")


async def tidy(prompt: str) -> str:
    options = ClaudeAgentOptions(permission_mode="plan")
    options.permission_mode = "acceptEdits"  # the plan is carried out after all
    for attempt in range(3):  # expect: RA301(error)
        try:
            async for message in query(prompt=prompt, options=options):
                if isinstance(message, ResultMessage):
                    return message.result or ""
        except Exception:
            await asyncio.sleep(2**attempt)
    return ""
