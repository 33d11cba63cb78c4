"""Near miss: the subclass hands the base only a class the SDK never retries (a reply
that fails to parse), so the two layers retry different failures."""

import json

import openai

from evals.base import ModelBase


class OpenAIModel(ModelBase):
    def __init__(self, model: str) -> None:
        super().__init__(retry_exceptions=(json.JSONDecodeError,))
        self.model = model
        self.client = openai.OpenAI()

    def prompt(self, text: str) -> str:
        reply = self.client.chat.completions.create(
            model=self.model, messages=[{"role": "user", "content": text}]
        )
        return json.loads(reply.choices[0].message.content or "{}")["answer"]
