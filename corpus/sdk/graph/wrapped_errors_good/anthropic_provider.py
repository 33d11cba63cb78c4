import anthropic

from wrapped_errors_good.base import BaseProvider
from wrapped_errors_good.errors import ProviderError


class AnthropicProvider(BaseProvider):
    name = "anthropic"

    def __init__(self, api_key: str | None = None) -> None:
        self._client = anthropic.Anthropic(api_key=api_key)

    def complete(self, prompt: str) -> str:
        # A failed request raises the SDK's own error, which the wrapper does not retry;
        # only an empty answer is a `ProviderError`.
        response = self._client.messages.create(
            model="claude-sonnet-4-5",
            max_tokens=1024,
            messages=[{"role": "user", "content": prompt}],
        )
        text = "".join(block.text for block in response.content if block.type == "text")
        if not text:
            raise ProviderError("empty answer")
        return text
