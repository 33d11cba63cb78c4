from .base import BaseProvider


class ChatProvider(BaseProvider):
    def call(self, messages):
        return self._generate(messages)

    async def acall(self, messages):
        return await self._agenerate(messages)

    def _generate(self, messages):
        return self.client.chat.completions.create(model=self.model, messages=messages)

    async def _agenerate(self, messages):
        return await self.aclient.chat.completions.create(model=self.model, messages=messages)
