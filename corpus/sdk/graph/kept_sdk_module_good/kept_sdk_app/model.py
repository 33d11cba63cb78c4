class ClaudeModel:
    def __init__(self, model: str, timeout: float = 120.0) -> None:
        try:
            import anthropic as _anthropic
        except ImportError as error:
            raise RuntimeError("pip install anthropic") from error
        self._anthropic = _anthropic
        self.model = model
        self.timeout = timeout

    async def complete(self, messages: list[dict[str, str]]) -> str:
        client = self._anthropic.AsyncAnthropic(timeout=self.timeout, max_retries=0)
        reply = await client.messages.create(model=self.model, max_tokens=2048, messages=messages)
        return reply.content[0].text
