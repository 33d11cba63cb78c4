from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_exponential


def make_llm_retry(attempts: int = 3, errors: type[BaseException] | tuple[type[BaseException], ...] = Exception):
    return retry(
        stop=stop_after_attempt(attempts),
        wait=wait_exponential(multiplier=1, max=20),
        retry=retry_if_exception_type(errors),
        reraise=True,
    )
