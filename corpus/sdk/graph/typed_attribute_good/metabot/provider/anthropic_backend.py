from anthropic import AsyncAnthropic

from metabot.provider.chat_base import ChatBackendBase


class AnthropicBackend(ChatBackendBase):
    def __init__(self):
        self.aclient = AsyncAnthropic()

    async def _achat(self, messages):
        return await self.aclient.messages.create(model="m", max_tokens=99, messages=messages)
