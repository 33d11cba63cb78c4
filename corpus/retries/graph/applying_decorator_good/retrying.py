import functools
import logging

from tenacity import retry, stop_after_attempt, wait_exponential


def with_retries(func):
    @functools.wraps(func)
    @retry(stop=stop_after_attempt(5), wait=wait_exponential(max=30))
    def wrapper(*args, **kwargs):
        return func(*args, **kwargs)

    return wrapper


def logged(func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        logging.info("running %s", func.__name__)
        return func(*args, **kwargs)

    return wrapper
