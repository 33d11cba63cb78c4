import functools

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


def retry_with(attempts):
    def decorator(func):
        @retry(stop=stop_after_attempt(attempts), reraise=True)
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            return func(*args, **kwargs)

        return wrapper

    return decorator
