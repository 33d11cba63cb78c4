"""The decorator is built in the method and kept in a local name, then applied to the
request: the client keeps the SDK's own retries under it."""

import openai

from .retrying import retry


class ChatClient:
    def __init__(self, api_key: str) -> None:
        self._client = openai.OpenAI(api_key=api_key)  # expect: RA401(warning)

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
