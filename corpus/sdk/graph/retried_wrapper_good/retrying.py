import functools
import logging

from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_exponential


def retry_llm_call(func):
    @functools.wraps(func)
    @retry(
        stop=stop_after_attempt(4),
        wait=wait_exponential(multiplier=1, max=30),
        retry=retry_if_exception_type(Exception),
        reraise=True,
    )
    def wrapper(*args, **kwargs):
        return func(*args, **kwargs)

    return wrapper


def logged(func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        logging.info("calling %s", func.__name__)
        return func(*args, **kwargs)

    return wrapper
