import functools
import time


def with_backoff(func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        for attempt in range(4):
            try:
                return func(*args, **kwargs)
            except Exception:
                time.sleep(2**attempt)
        return func(*args, **kwargs)

    return wrapper
