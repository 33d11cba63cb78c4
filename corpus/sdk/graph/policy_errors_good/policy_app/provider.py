class AnthropicProvider:
    def __init__(self, api_key: str | None = None) -> None:
        self._api_key = api_key
        self._client = None

    @property
    def client(self):
        if self._client is None:
            import anthropic

            self._client = anthropic.Anthropic(api_key=self._api_key)
        return self._client

    def complete(self, prompt: str) -> str:
        reply = self.client.messages.create(
            model="claude-sonnet-4-5", max_tokens=1024, messages=[{"role": "user", "content": prompt}]
        )
        return reply.content[0].text
