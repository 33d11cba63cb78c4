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
