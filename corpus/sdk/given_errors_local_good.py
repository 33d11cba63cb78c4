"""Near miss: the same factory applied to retry only a `ValueError` (an answer the caller
cannot parse), which no SDK failure is."""

import functools
import time

from openai import OpenAI

client = OpenAI()


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


@retrying((ValueError,))
def ask(prompt: str) -> str:
    reply = client.chat.completions.create(model="m", messages=[{"role": "user", "content": prompt}])
    return reply.choices[0].message.content or ""


@retrying(())
def ask_once(prompt: str) -> str:
    """An empty tuple of classes: `except ():` catches nothing."""
    reply = client.chat.completions.create(model="m", messages=[{"role": "user", "content": prompt}])
    return reply.choices[0].message.content or ""
