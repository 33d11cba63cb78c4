from langchain_anthropic import ChatAnthropic

from .base import BaseProvider
from .errors import ProviderConnectionError, ProviderError, ProviderRateLimitError


def _chat_model(model_name: str) -> ChatAnthropic:
    return ChatAnthropic(model_name=model_name, timeout=60)  # expect: RA401(warning)


class ClaudeProvider(BaseProvider):
    def __init__(self, model_name: str) -> None:
        super().__init__(model_name, _chat_model(model_name))

    def _map_error(self, exc: BaseException) -> ProviderError:
        name = type(exc).__name__
        if "RateLimit" in name:
            return ProviderRateLimitError(str(exc))
        if "Connection" in name:
            return ProviderConnectionError(str(exc))
        return super()._map_error(exc)
