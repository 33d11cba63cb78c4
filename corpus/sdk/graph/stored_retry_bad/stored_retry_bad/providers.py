from anthropic import AsyncAnthropic


class ClaudeProvider:
    def __init__(self) -> None:
        self._client: AsyncAnthropic | None = None

    def _get_client(self) -> AsyncAnthropic:
        if self._client is None:
            self._client = AsyncAnthropic()  # expect: RA401(warning)
        return self._client

    async def send_turn(self, prompt: str) -> str:
        reply = await self._get_client().messages.create(
            model="claude-sonnet-4-5", max_tokens=1024, messages=[{"role": "user", "content": prompt}]
        )
        return reply.content[0].text
