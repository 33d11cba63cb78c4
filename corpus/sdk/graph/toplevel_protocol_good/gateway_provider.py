from openai import APIConnectionError as OpenAIConnectionError
from openai import APIError, OpenAI
from openai import RateLimitError as OpenAIRateLimit

from provider_errors import ProviderClientError


class GatewayProvider:
    """Near miss: every SDK failure becomes one the client's loop does not retry."""

    def __init__(self, url: str) -> None:
        self._client = OpenAI(base_url=url)

    def stream(self, prompt: str) -> str:
        try:
            reply = self._client.chat.completions.create(
                model="m", messages=[{"role": "user", "content": prompt}]
            )
        except (OpenAIConnectionError, OpenAIRateLimit, APIError) as exc:
            raise ProviderClientError(str(exc)) from exc
        return reply.choices[0].message.content or ""
