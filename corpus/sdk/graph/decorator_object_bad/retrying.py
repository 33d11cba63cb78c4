from tenacity import retry, stop_after_attempt, wait_exponential

llm_retry = retry(stop=stop_after_attempt(3), wait=wait_exponential(min=1, max=20))
