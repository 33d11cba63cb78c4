import time

import anthropic
import tenacity

from wrapped_errors_bad.anthropic_provider import complete_once, summarise
from wrapped_errors_bad.base import BaseProvider, Provider
from wrapped_errors_bad.errors import LLMError, ProviderError


class RetryProvider(BaseProvider):
    """`RetryProvider(AnthropicProvider(), retries=3)`."""

    def __init__(self, inner: Provider, *, retries: int = 2, retry_on=(ProviderError,)) -> None:
        self.inner = inner
        self.retries = retries
        self.retry_on = retry_on

    def complete(self, prompt: str) -> str:
        last = None
        for attempt in range(self.retries + 1):
            try:
                return self.inner.complete(prompt)
            except self.retry_on as exc:
                last = exc
                time.sleep(2**attempt)
        raise ProviderError(f"failed after {self.retries + 1} attempts") from last


@tenacity.retry(
    retry=tenacity.retry_if_exception_type(anthropic.RateLimitError),
    stop=tenacity.stop_after_attempt(5),
)
def ask(prompt: str) -> str:
    """Retries the rate limits the provider raises as they are."""
    return complete_once(prompt)


@tenacity.retry(
    retry=tenacity.retry_if_exception_type(LLMError),
    stop=tenacity.stop_after_attempt(4),
)
def summary(text: str) -> str:
    """Retries any `LLMError`: the provider's `ProviderError` is one."""
    return summarise(text)
