from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_exponential

_base_exceptions: list[type[Exception]] = [ConnectionError, TimeoutError]

try:
    import openai

    _base_exceptions.extend([openai.RateLimitError, openai.InternalServerError])
except ImportError:
    pass

RETRYABLE_EXCEPTIONS = tuple(_base_exceptions)


def with_retry(max_attempts: int = 3):
    return retry(
        retry=retry_if_exception_type(RETRYABLE_EXCEPTIONS),
        stop=stop_after_attempt(max_attempts),
        wait=wait_exponential(multiplier=1, max=30),
        reraise=True,
    )
