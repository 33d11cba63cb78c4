import backoff
from anthropic import RateLimitError

from .llm import ask


@backoff.on_exception(backoff.expo, RateLimitError, max_tries=5)
def run(prompt: str) -> object:
    return ask(prompt)
