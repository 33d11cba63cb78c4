import functools
import time


class ProviderError(Exception):
    pass


class RateLimited(ProviderError):
    pass


class Transient(ProviderError):
    pass


class BadAnswer(ProviderError):
    pass


def retry_with_backoff(exceptions, max_attempts=3):
    """Retries the wrapped call whenever it raises one of `exceptions`."""

    def decorator(func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            attempt = 0
            while True:
                attempt += 1
                try:
                    return func(*args, **kwargs)
                except exceptions:
                    if attempt >= max_attempts:
                        raise
                    time.sleep(2**attempt)

        return wrapper

    return decorator
