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


def complete_once(prompt: str) -> str:
    """A rate limit is raised as it is, every other failure as a `ProviderError`."""
    try:
        response = _CLIENT.messages.create(
            model="claude-sonnet-4-5",
            max_tokens=1024,
            messages=[{"role": "user", "content": prompt}],
        )
    except anthropic.RateLimitError:
        raise
    except Exception as exc:
        raise ProviderError(str(exc)) from exc
    return response.content[0].text


_CLIENT = anthropic.Anthropic()  # expect: RA401(warning)


def summarise(text: str) -> str:
    """Every failure comes out as a `ProviderError`, a kind of `LLMError` (the inner `try`
    translates nothing: the outer one's clause does)."""
    try:
        try:
            response = _SUMMARY_CLIENT.messages.create(
                model="claude-haiku-4-5",
                max_tokens=256,
                messages=[{"role": "user", "content": f"Summarise: {text}"}],
            )
        except KeyError:
            raise
    except Exception as exc:
        raise ProviderError(str(exc)) from exc
    return response.content[0].text


_SUMMARY_CLIENT = anthropic.Anthropic()  # expect: RA401(warning)
