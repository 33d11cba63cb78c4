import time
from functools import wraps


def _execute_with_retry(func, args, kwargs, max_attempts, retryable_exceptions):
    last = None
    for attempt in range(max_attempts):
        try:
            return func(*args, **kwargs)
        except retryable_exceptions as error:
            last = error
            time.sleep(2**attempt)
    raise RuntimeError(f"failed after {max_attempts} attempts") from last


def retry(max_attempts=3, retryable_exceptions=None):
    if retryable_exceptions is None:
        retryable_exceptions = (Exception,)

    def decorator(func):
        @wraps(func)
        def wrapper(*args, **kwargs):
            return _execute_with_retry(func, args, kwargs, max_attempts, retryable_exceptions)

        return wrapper

    return decorator


class ParseError(Exception):
    pass


parse_retry = retry(max_attempts=4, retryable_exceptions=(ParseError,))
llm_retry = retry(max_attempts=4)
