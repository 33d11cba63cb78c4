"""RA401 near miss: the base class keeps what `self.make_client()` returns. The retried
subclass builds a google-genai client (no retries of its own); the sibling that builds an
`AsyncAnthropic` retries nothing: its instances never reach the retried method."""

from abc import ABC, abstractmethod

import anthropic
from google import genai
from tenacity import retry, stop_after_attempt


class SiblingProvider(ABC):
    def __init__(self) -> None:
        self._client = self.make_client()

    @abstractmethod
    def make_client(self) -> object: ...


class SiblingGemini(SiblingProvider):
    def make_client(self) -> genai.Client:
        return genai.Client()

    @retry(stop=stop_after_attempt(3))
    async def generate_gemini(self, prompt: str) -> object:
        return await self._client.aio.models.generate_content(model="m", contents=prompt)


class SiblingClaude(SiblingProvider):
    def make_client(self) -> anthropic.AsyncAnthropic:
        return anthropic.AsyncAnthropic()

    async def generate_claude(self, prompt: str) -> object:
        return await self._client.messages.create(
            model="m", max_tokens=100, messages=[{"role": "user", "content": prompt}]
        )
