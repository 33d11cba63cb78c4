import functools
import logging

import backoff
from tenacity import TryAgain, retry, retry_if_exception_type, stop_after_attempt

log = logging.getLogger(__name__)


class QueueFull(Exception):
    pass


def looks_transient(error: Exception) -> bool:
    text = str(error).lower()
    return "not valid json" in text


def resilient(func):
    @functools.wraps(func)
    @retry(stop=stop_after_attempt(4), retry=retry_if_exception_type(QueueFull), reraise=True)
    def wrapper(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except QueueFull:
            raise
        except Exception as error:
            if looks_transient(error):
                log.warning("transient failure: %s", error)
                raise TryAgain from error
            raise

    return wrapper


def patient(func):
    """backoff retries only the class it is given: a `TryAgain` raised to it ends the run."""

    @functools.wraps(func)
    @backoff.on_exception(backoff.expo, QueueFull, max_tries=4)
    def wrapper(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except Exception as error:
            if "overloaded" in str(error).lower():
                raise TryAgain from error
            raise

    return wrapper
