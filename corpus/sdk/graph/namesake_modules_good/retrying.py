"""The near miss of `namesake_modules_bad`: the two `generator` modules build their
clients with the SDK's retries off, so the `Retrying` object is the one retry layer."""

from tenacity import Retrying, stop_after_attempt, wait_random_exponential


def generate_with_retries(retry_function, model_args, attempts=5):
    retryer = Retrying(
        stop=stop_after_attempt(attempts), wait=wait_random_exponential(max=10), reraise=True
    )
    return retryer(retry_function, **model_args)
