"""RA401: a retry decorator factory of this module retries the classes each application
gives it; given the SDK's rate-limit and connection errors, it re-sends what the client
retries already."""

import functools
import time

from openai import APIConnectionError, OpenAI, RateLimitError

client = OpenAI()  # expect: RA401


def retrying(exceptions, attempts=3):
    def decorator(func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            for attempt in range(attempts):
                try:
                    return func(*args, **kwargs)
                except exceptions:
                    time.sleep(2**attempt)
            return func(*args, **kwargs)

        return wrapper

    return decorator


@retrying((RateLimitError, APIConnectionError))
def ask(prompt: str) -> str:
    reply = client.chat.completions.create(model="m", messages=[{"role": "user", "content": prompt}])
    return reply.choices[0].message.content or ""
