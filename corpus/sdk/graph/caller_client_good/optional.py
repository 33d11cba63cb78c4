import time

from openai import OpenAI, RateLimitError


class Tagger:
    """An optional client: without one it builds its own, with retries off."""

    def __init__(self, client: OpenAI | None = None) -> None:
        self._client = client or OpenAI(max_retries=0)

    @property
    def client(self) -> OpenAI:
        return self._client

    @client.setter
    def client(self, value: OpenAI) -> None:
        self._client = value

    def tag(self, text: str) -> str:
        for attempt in range(3):
            try:
                reply = self.client.chat.completions.create(model="m", messages=[{"role": "user", "content": text}])
                return reply.choices[0].message.content or ""
            except RateLimitError:
                time.sleep(2**attempt)
        return ""
