"""No RA301: the client the instance keeps is built with options that give it no tool,
so a turn only answers, and sending it again repeats no side effect."""

from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKClient


class Answerer:
    def __init__(self) -> None:
        options = ClaudeAgentOptions(tools=[], disallowed_tools=["*"], max_turns=1)
        self.client = ClaudeSDKClient(options)

    async def answer(self, prompt: str) -> None:
        for attempt in range(3):
            try:
                await self.client.query(prompt)
                return
            except Exception:
                continue
