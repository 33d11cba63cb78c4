"""A retry decorator of the tree: every failure, three times."""

import functools
import time


def handle_exceptions(func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        for attempt in range(3):
            try:
                return func(*args, **kwargs)
            except Exception:
                time.sleep(2**attempt)
        return None

    return wrapper
