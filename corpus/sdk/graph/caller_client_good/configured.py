import time

from openai import OpenAI, RateLimitError


class Scorer:
    def __init__(self, client: OpenAI) -> None:
        self.client = client

    def score(self, text: str) -> str:
        for attempt in range(3):
            try:
                reply = self.client.responses.create(model="gpt-4o", input=text)
                return reply.output_text
            except RateLimitError:
                time.sleep(2**attempt)
        return ""


def from_settings() -> Scorer:
    settings = {"client": OpenAI(max_retries=0)}
    return Scorer(**settings)
