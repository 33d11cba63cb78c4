import time
from functools import partial

from .vectorizers import vectorize


def vectors(text: str, model: str, attempts: int = 3) -> list[float]:
    handler = partial(vectorize, text, model=model)
    delay = 0.5
    for attempt in range(attempts):
        try:
            return handler()
        except Exception:
            if attempt == attempts - 1:
                raise
            time.sleep(delay)
            delay *= 2
    return []


def vectors_once_each(text: str, model: str) -> list[float]:
    from openai import OpenAI

    from .vectorizers import vectorize as embed

    make = partial(OpenAI, timeout=20.0, max_retries=0)  # the loop retries, the client not
    for _ in range(3):
        try:
            return embed(text, model=model, client=make())
        except TimeoutError:
            continue
    return []
