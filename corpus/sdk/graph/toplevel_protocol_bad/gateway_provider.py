from openai import APIConnectionError as OpenAIConnectionError
from openai import APIError, OpenAI
from openai import RateLimitError as OpenAIRateLimit

from provider_errors import ProviderClientError, ProviderError


class GatewayProvider:
    def __init__(self, url: str) -> None:
        self._client = OpenAI(base_url=url)  # expect: RA401(warning)

    def stream(self, prompt: str) -> str:
        try:
            reply = self._client.chat.completions.create(
                model="m", messages=[{"role": "user", "content": prompt}]
            )
        except (OpenAIConnectionError, OpenAIRateLimit) as exc:
            raise self._translate(exc) from exc
        except APIError as exc:
            raise ProviderClientError(str(exc)) from exc
        return reply.choices[0].message.content or ""

    @staticmethod
    def _translate(exc: Exception) -> Exception:
        return ProviderError(str(exc))
