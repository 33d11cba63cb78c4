import anthropic
from anthropic import APIConnectionError, APIStatusError

from .app.retrying import Retry

retry = Retry(exception_types=(APIConnectionError, APIStatusError))


class Completions:
    def setup(self) -> None:
        self.client = anthropic.Anthropic()  # expect: RA401(info)

    @retry
    def predict(self, prompt: str) -> str:
        message = self.client.messages.create(
            model="claude-sonnet-4-5",
            max_tokens=256,
            messages=[{"role": "user", "content": prompt}],
        )
        return message.content[0].text
