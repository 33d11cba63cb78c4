from anthropic import AsyncAnthropic
from anthropic.lib.bedrock import AsyncAnthropicBedrock

from .limited import Limited


class Chat(Limited[str]):
    def __init__(self, bedrock: bool) -> None:
        if bedrock:
            self.client = AsyncAnthropicBedrock(max_retries=0)
        else:
            self.client = AsyncAnthropic(max_retries=0)

    async def _request(self, prompt: str, beta: bool = False) -> str:
        api = self.client.beta.messages if beta else self.client.messages
        reply = await api.create(model="claude-sonnet-4-5", max_tokens=512, messages=[prompt])
        return reply.content[0].text

    async def ask(self, prompt: str) -> str:
        return await self.execute(prompt)


class Titles(Limited[str]):
    """A sibling whose client sends outside the loop; its loop runs a formatter."""

    def __init__(self) -> None:
        self.client = AsyncAnthropic()

    async def _request(self, text: str) -> str:
        formatter = self.formatters.titles
        return formatter.create(text)

    async def once(self, prompt: str) -> str:
        reply = await self.client.messages.create(
            model="claude-sonnet-4-5", max_tokens=64, messages=[prompt]
        )
        return reply.content[0].text
