"""RA401: the base class keeps what `self.make_client()` returns; the subclass whose own
override builds an `AsyncAnthropic` retries its requests with tenacity."""

from abc import ABC, abstractmethod

import anthropic
from tenacity import retry, stop_after_attempt


class RetriedProvider(ABC):
    def __init__(self) -> None:
        self._client = self.make_client()

    @abstractmethod
    def make_client(self) -> anthropic.AsyncAnthropic: ...


class RetriedClaude(RetriedProvider):
    def make_client(self) -> anthropic.AsyncAnthropic:
        return anthropic.AsyncAnthropic()  # expect: RA401(warning)

    @retry(stop=stop_after_attempt(3))
    async def generate_retried(self, prompt: str) -> object:
        return await self._client.messages.create(
            model="m", max_tokens=100, messages=[{"role": "user", "content": prompt}]
        )
