"""Near misses: the same method decorator around a client without SDK retries, and a
method decorator that only times the call (it runs it once)."""

import time
from functools import wraps

from openai import APIConnectionError, OpenAI, RateLimitError


class LLMClient:
    def __init__(self, api_key: str, max_retries: int = 3) -> None:
        self.max_retries = max_retries
        self.client = OpenAI(api_key=api_key, timeout=60, max_retries=0)

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


class TimedClient:
    def __init__(self, api_key: str) -> None:
        self.client = OpenAI(api_key=api_key, timeout=60)
        self.elapsed = 0.0

    def _timed(self, func):
        @wraps(func)
        def wrapper(*args, **kwargs):
            started = time.monotonic()
            try:
                return func(*args, **kwargs)
            finally:
                self.elapsed += time.monotonic() - started

        return wrapper

    @property
    def _make_request(self):
        @self._timed
        def _request(messages):
            return self.client.chat.completions.create(model="gpt-4o", messages=messages)

        return _request
