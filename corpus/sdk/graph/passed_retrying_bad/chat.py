from openai import OpenAI

from .retrying import call_with_retries, make_retrying


class Chat:
    def __init__(self, model: str) -> None:
        self._model = model
        self._client = OpenAI()  # expect: RA401(warning)
        self._retrying = make_retrying()

    def _create(self, prompt: str) -> str:
        reply = self._client.chat.completions.create(
            model=self._model, messages=[{"role": "user", "content": prompt}]
        )
        return reply.choices[0].message.content or ""

    def ask(self, prompt: str) -> str:
        return call_with_retries(self._retrying, self._create, prompt)
