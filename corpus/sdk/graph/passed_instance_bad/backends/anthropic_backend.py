import anthropic


class AnthropicBackend:
    def __init__(self, api_key):
        self.client = anthropic.AsyncAnthropic(api_key=api_key)  # expect: RA401

    async def complete(self, messages):
        return await self.client.messages.create(
            model="claude-sonnet-4-5", max_tokens=1024, messages=messages
        )
