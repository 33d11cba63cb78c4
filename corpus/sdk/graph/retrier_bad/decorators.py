import functools
import time

from openai import APIConnectionError, RateLimitError


def with_retries(errors=(RateLimitError, APIConnectionError), tries=3):
    """The project's own retry decorator: the classes it retries are a default."""

    def decorate(function):
        @functools.wraps(function)
        def wrapper(*args, **kwargs):
            for attempt in range(tries):
                try:
                    return function(*args, **kwargs)
                except errors:
                    time.sleep(2**attempt)
            return function(*args, **kwargs)

        return wrapper

    return decorate
