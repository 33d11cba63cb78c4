"""A corpus tree of namespace folders (no `__init__.py`): two modules share the name
`generator`, each its own; both hand a client's request method to a helper that runs
it under a tenacity `Retrying` object, one by keyword and one by position."""

from tenacity import Retrying, stop_after_attempt, wait_random_exponential


def generate_with_retries(retry_function, model_args, attempts=5):
    retryer = Retrying(
        stop=stop_after_attempt(attempts), wait=wait_random_exponential(max=10), reraise=True
    )
    return retryer(retry_function, **model_args)
