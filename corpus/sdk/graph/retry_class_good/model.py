import anthropic
from anthropic import APIConnectionError, APIStatusError

from .app.retrying import Retry, Timed

retry = Retry(exception_types=(APIConnectionError, APIStatusError))
timed = Timed()


class Completions:
    def setup(self) -> None:
        self.client = anthropic.Anthropic(max_retries=0)
        self.other = anthropic.Anthropic()

    @retry
    def predict(self, prompt: str) -> str:
        message = self.client.messages.create(
            model="claude-sonnet-4-5",
            max_tokens=256,
            messages=[{"role": "user", "content": prompt}],
        )
        return message.content[0].text

    @timed
    def summarise(self, prompt: str) -> str:
        message = self.other.messages.create(
            model="claude-sonnet-4-5",
            max_tokens=256,
            messages=[{"role": "user", "content": prompt}],
        )
        return message.content[0].text
