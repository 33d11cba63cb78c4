from typing import Protocol

import openai


class Backend(Protocol):
    def answer_with(self, prompt: str) -> str: ...


class OpenAIBackend:
    def __init__(self, model: str) -> None:
        self.model = model
        self._client = None

    @property
    def client(self):
        if self._client is None:
            self._client = openai.OpenAI()
        return self._client

    def answer_with(self, prompt: str) -> str:
        reply = self.client.chat.completions.create(
            model=self.model, messages=[{"role": "user", "content": prompt}]
        )
        return reply.choices[0].message.content or ""


class Failover:
    def __init__(self, backends: list[Backend]) -> None:
        self._backends = backends
        self._active = 0

    def answer_with(self, prompt: str) -> str:
        last: Exception | None = None
        for i in range(self._active, len(self._backends)):
            try:
                backend = self._backends[i]
                return backend.answer_with(prompt)
            except Exception as error:
                last = error  # the next backend, for this prompt only
        raise RuntimeError("every backend failed") from last
