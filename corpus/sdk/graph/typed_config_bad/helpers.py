"""The application's retry around whatever runnable it is handed."""

from anthropic import APIStatusError, RateLimitError
from retry import retry


@retry(exceptions=(APIStatusError, RateLimitError), tries=3, delay=10)
def invoke_with_retry(runnable, prompt):
    return runnable.invoke(prompt)
