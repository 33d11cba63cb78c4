"""A near miss: the same decorator in a local name, over a client whose own retries are
off."""

import openai

from .retrying import retry


class QuietChatClient:
    def __init__(self, api_key: str) -> None:
        self._client = openai.OpenAI(api_key=api_key, max_retries=0)

    def ask(self, messages: list[dict[str, str]]) -> str:
        retrying = retry(
            max_retries=3,
            retryable_exceptions=(openai.APIConnectionError, openai.RateLimitError),
        )

        @retrying
        def call() -> str:
            reply = self._client.chat.completions.create(model="gpt-4o", messages=messages)
            return reply.choices[0].message.content or ""

        return call()
