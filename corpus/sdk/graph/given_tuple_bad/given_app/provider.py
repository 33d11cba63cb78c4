import openai

from given_app.retry import call_with_retries

_TRANSIENT = (openai.RateLimitError, openai.APIConnectionError, openai.InternalServerError)


class Provider:
    def __init__(self) -> None:
        self.client = openai.OpenAI()  # expect: RA401(warning)

    def _create(self, make_call):
        return call_with_retries(make_call, _TRANSIENT)

    def complete(self, messages):
        reply = self._create(lambda: self.client.chat.completions.create(model="m", messages=messages))
        return reply.choices[0].message.content
