import json

import openai

from given_near.retry import call_with_retries


class Provider:
    def __init__(self) -> None:
        self.client = openai.OpenAI()

    def _create(self, make_call):
        return call_with_retries(make_call, (json.JSONDecodeError,))

    def complete(self, messages):
        reply = self._create(lambda: json.loads(self._ask(messages)))
        return reply["answer"]

    def _ask(self, messages):
        reply = self.client.chat.completions.create(model="m", messages=messages)
        return reply.choices[0].message.content
