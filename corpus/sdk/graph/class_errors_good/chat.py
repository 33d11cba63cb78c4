from openai import APIConnectionError, OpenAI, RateLimitError

from .limited import Limited


class Chat(Limited):
    RETRY_ERRORS = (RateLimitError, APIConnectionError)

    def __init__(self) -> None:
        self.client = OpenAI(max_retries=0)

    def _request(self, prompt: str) -> str:
        reply = self.client.chat.completions.create(model="gpt-4o", messages=[prompt])
        return reply.choices[0].message.content
