"""A retry decorator written as a method of the client's class, applied in the class as
`@self._retry_with_backoff` to the function that sends the request."""

import time
from functools import wraps

from openai import APIConnectionError, OpenAI, RateLimitError


class LLMClient:
    def __init__(self, api_key: str, max_retries: int = 3) -> None:
        self.max_retries = max_retries
        self.client = OpenAI(api_key=api_key, timeout=60)  # expect: RA401

    def _retry_with_backoff(self, func):
        @wraps(func)
        def wrapper(*args, **kwargs):
            for attempt in range(self.max_retries):
                try:
                    return func(*args, **kwargs)
                except (RateLimitError, APIConnectionError):
                    time.sleep(2**attempt)
            raise RuntimeError(f"failed after {self.max_retries} attempts")

        return wrapper

    @property
    def _make_request(self):
        @self._retry_with_backoff
        def _request(messages):
            return self.client.chat.completions.create(model="gpt-4o", messages=messages)

        return _request

    def generate(self, prompt: str) -> str:
        reply = self._make_request([{"role": "user", "content": prompt}])
        return reply.choices[0].message.content
