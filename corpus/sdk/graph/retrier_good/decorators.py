import functools
import json
import time


def with_retries(errors=(json.JSONDecodeError, KeyError), tries=3):
    """The project's own retry decorator: it retries parsing failures only."""

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
