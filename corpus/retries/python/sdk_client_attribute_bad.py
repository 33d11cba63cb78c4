"""RA301: a Claude Agent SDK client kept on the instance runs a turn of a `claude` session,
tools included; the loop sends the turn again after any failure."""

from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKClient


class Reviewer:
    def __init__(self, workdir: str) -> None:
        self.client = ClaudeSDKClient(ClaudeAgentOptions(cwd=workdir, permission_mode="acceptEdits"))

    async def review(self, prompt: str) -> None:
        for attempt in range(3):  # expect: RA301(error)
            try:
                await self.client.query(prompt)
                return
            except Exception:
                continue
