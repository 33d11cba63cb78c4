import anthropic


class AnthropicProvider:
    name = "anthropic"

    def __init__(self, key: str) -> None:
        self._client = anthropic.AsyncAnthropic(api_key=key, max_retries=0)

    async def chat(self, messages: list[str]) -> str:
        reply = await self._client.messages.create(model="m", max_tokens=64, messages=messages)
        return reply.content[0].text
