"""The subclass's client keeps the SDK's retries under the base's retry of 429s."""

import openai

from evals.base import ModelBase


class OpenAIModel(ModelBase):
    def __init__(self, model: str) -> None:
        super().__init__(retry_exceptions=(openai.RateLimitError, openai.APITimeoutError))
        self.model = model
        self.client = openai.OpenAI()  # expect: RA401(warning)

    def prompt(self, text: str) -> str:
        reply = self.client.chat.completions.create(
            model=self.model, messages=[{"role": "user", "content": text}]
        )
        return reply.choices[0].message.content or ""
