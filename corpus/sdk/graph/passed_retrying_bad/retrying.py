import openai
from tenacity import Retrying, retry_if_exception_type, stop_after_attempt, wait_random


def make_retrying() -> Retrying:
    return Retrying(
        stop=stop_after_attempt(4),
        wait=wait_random(1, 3),
        retry=retry_if_exception_type(openai.RateLimitError),
        reraise=True,
    )


def call_with_retries(retrying, func, *args):
    for attempt in retrying:
        with attempt:
            return func(*args)
    return None
