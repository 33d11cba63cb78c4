from openai import OpenAI

from .retrying import call_paced, make_schedule


class Chat:
    def __init__(self, model: str) -> None:
        self._model = model
        self._client = OpenAI()
        self._schedule = make_schedule()

    def _create(self, prompt: str) -> str:
        reply = self._client.chat.completions.create(
            model=self._model, messages=[{"role": "user", "content": prompt}]
        )
        return reply.choices[0].message.content or ""

    def ask(self, prompt: str) -> list[str]:
        return call_paced(self._schedule, self._create, prompt)
