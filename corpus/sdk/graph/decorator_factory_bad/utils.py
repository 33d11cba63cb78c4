from openai import APIConnectionError, AsyncOpenAI, RateLimitError
from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_exponential

_client: AsyncOpenAI | None = None


def get_retry_decorator():
    return retry(
        stop=stop_after_attempt(3),
        wait=wait_exponential(multiplier=1, min=4, max=10),
        retry=retry_if_exception_type((RateLimitError, APIConnectionError)),
    )


def get_client() -> AsyncOpenAI:
    global _client
    if _client is None:
        _client = AsyncOpenAI()  # expect: RA401(warning)
    return _client


def with_attrs(**attrs):
    def wrap(fn):
        fn.__dict__.update(attrs)
        return fn

    return wrap
