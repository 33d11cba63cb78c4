"""Modules at the top of the tree (no package): the retry loop calls a provider through a
protocol that the provider module's class meets without naming it."""

from typing import Protocol

from provider_errors import ProviderError


class StreamingProvider(Protocol):
    def stream(self, prompt: str) -> str: ...


class ChatClient:
    def __init__(self, provider: StreamingProvider, attempts: int = 3) -> None:
        self._provider = provider
        self._attempts = attempts

    def ask(self, prompt: str) -> str:
        for attempt in range(self._attempts):
            try:
                return self._provider.stream(prompt)
            except ProviderError:
                if attempt == self._attempts - 1:
                    raise
        raise RuntimeError("unreachable")
