from tenacity import retry, stop_after_attempt, wait_exponential


@retry(stop=stop_after_attempt(3), wait=wait_exponential(multiplier=1, max=8))
def with_retry(callable_fn):
    """Run `callable_fn`, again on any failure."""
    return callable_fn()
