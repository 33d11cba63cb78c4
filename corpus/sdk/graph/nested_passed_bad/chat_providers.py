from anthropic import AsyncAnthropic
from openai import AsyncOpenAI

from pacing_helpers import with_backoff


class OpenAIChat:
    def __init__(self, key):
        self.client = AsyncOpenAI(api_key=key)  # expect: RA401

    async def reply(self, messages):
        async def request():
            return await self.client.chat.completions.create(model="gpt-4o", messages=messages)

        return await with_backoff(request, 4)


class ClaudeChat:
    def __init__(self, key):
        self.client = AsyncAnthropic(api_key=key)  # expect: RA401

    async def reply(self, messages):
        async def request(limit):
            return await self.client.messages.create(
                model="claude-sonnet-4-5", max_tokens=limit, messages=messages
            )

        return await with_backoff(request, 4, 1024)
