import anthropic


class AnthropicService:
    def __init__(self, api_key):
        # the gateway's `@retry` owns recovery: the SDK's own retries are off
        self.client = anthropic.AsyncAnthropic(api_key=api_key, max_retries=0)

    async def complete(self, messages):
        return await self.client.messages.create(
            model="claude-sonnet-4-5", max_tokens=1024, messages=messages
        )
