import time

import openai

DELAYS = (1.0, 5.0, 30.0)


class OpenAIBackend:
    def __init__(self, model: str) -> None:
        self.model = model
        self._client = None

    @property
    def client(self):
        if self._client is None:
            self._client = openai.OpenAI()  # expect: RA401(warning)
        return self._client

    def answer_with(self, prompt: str) -> str:
        reply = self.client.chat.completions.create(
            model=self.model, messages=[{"role": "user", "content": prompt}]
        )
        return reply.choices[0].message.content or ""


def ask(backend: OpenAIBackend, prompt: str) -> str:
    last: Exception | None = None
    for i in range(len(DELAYS)):
        try:
            return backend.answer_with(prompt)
        except Exception as error:
            last = error
            time.sleep(DELAYS[i])
    raise RuntimeError("no answer") from last
