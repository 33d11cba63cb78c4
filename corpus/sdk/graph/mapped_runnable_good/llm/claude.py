from langchain_anthropic import ChatAnthropic

from .base import BaseProvider
from .errors import ProviderError


class ProviderAuthError(ProviderError):
    pass


def _chat_model(model_name: str) -> ChatAnthropic:
    return ChatAnthropic(model_name=model_name, timeout=60)


class ClaudeProvider(BaseProvider):
    def __init__(self, model_name: str) -> None:
        super().__init__(model_name, _chat_model(model_name))

    def _map_error(self, exc: BaseException) -> ProviderError:
        if "Authentication" in type(exc).__name__:
            return ProviderAuthError(str(exc))
        return super()._map_error(exc)
