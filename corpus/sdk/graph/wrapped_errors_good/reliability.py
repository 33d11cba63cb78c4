import time

from wrapped_errors_good.base import BaseProvider, Provider
from wrapped_errors_good.errors import ProviderError


class RetryProvider(BaseProvider):
    """Retries a provider's `ProviderError`s: none of them is a failed request here."""

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
