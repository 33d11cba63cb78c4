import anthropic

from wrapped_errors_bad.base import BaseProvider
from wrapped_errors_bad.errors import ProviderError


class AnthropicProvider(BaseProvider):
    name = "anthropic"

    def __init__(self, api_key: str | None = None) -> None:
        self._client = anthropic.Anthropic(api_key=api_key)  # expect: RA401(warning)

    def complete(self, prompt: str) -> str:
        try:
            response = self._client.messages.create(
                model="claude-sonnet-4-5",
                max_tokens=1024,
                messages=[{"role": "user", "content": prompt}],
            )
        except Exception as exc:  # every SDK failure comes out as a ProviderError
            raise ProviderError(f"Anthropic request failed: {exc}") from exc
        return "".join(block.text for block in response.content if block.type == "text")
