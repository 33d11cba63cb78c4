import functools
import logging

from tenacity import TryAgain, retry, retry_if_exception_type, stop_after_attempt

log = logging.getLogger(__name__)


class QueueFull(Exception):
    pass


def looks_transient(error: Exception) -> bool:
    text = str(error).lower()
    return "overloaded" in text or "rate limit" in text


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
