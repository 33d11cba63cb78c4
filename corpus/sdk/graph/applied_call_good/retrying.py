import functools
import logging

from tenacity import retry, stop_after_attempt

model_retry = retry(reraise=True, stop=stop_after_attempt(4))


def logged(method):
    @functools.wraps(method)
    def wrapper(*args, **kwargs):
        logging.debug("calling %s", method.__name__)
        return method(*args, **kwargs)

    return wrapper


def apply_retry(method, configured=None, *, default):
    if configured is False:
        return method
    decorator = configured if configured is not None else default
    return decorator(method)
