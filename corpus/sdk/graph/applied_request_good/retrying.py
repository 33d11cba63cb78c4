from tenacity import retry, stop_after_attempt, wait_exponential_jitter


def retry_llm_call(max_attempts: int = 6):
    return retry(
        wait=wait_exponential_jitter(initial=1, max=30),
        stop=stop_after_attempt(max_attempts),
        reraise=True,
    )
