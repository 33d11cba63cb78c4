import anthropic

from llmkit.providers import Provider


class ClaudeProvider(Provider):
    def __init__(self, model: str) -> None:
        self.model = model
        self._client = anthropic.Anthropic()  # expect: RA401(warning)

    def send(self, prompt: str) -> str:
        reply = self._client.messages.create(
            model=self.model, max_tokens=512, messages=[{"role": "user", "content": prompt}]
        )
        return reply.content[0].text

    def transient(self, error: Exception) -> bool:
        return isinstance(error, anthropic.RateLimitError | anthropic.APITimeoutError)
