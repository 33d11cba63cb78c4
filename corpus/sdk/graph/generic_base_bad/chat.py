from anthropic import AsyncAnthropic
from anthropic.lib.bedrock import AsyncAnthropicBedrock

from .limited import Limited


class Chat(Limited[str]):
    def __init__(self, bedrock: bool) -> None:
        if bedrock:
            self.client = AsyncAnthropicBedrock()  # expect: RA401
        else:
            self.client = AsyncAnthropic()  # the same requests: one finding

    async def _request(self, prompt: str, beta: bool = False) -> str:
        api = self.client.beta.messages if beta else self.client.messages
        reply = await api.create(model="claude-sonnet-4-5", max_tokens=512, messages=[prompt])
        return reply.content[0].text

    async def ask(self, prompt: str) -> str:
        return await self.execute(prompt)
