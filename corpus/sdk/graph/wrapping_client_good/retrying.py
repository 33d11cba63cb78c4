import time

from .providers import ProviderError


class RetryingClient:
    def __init__(self, inner, attempts: int = 3) -> None:
        self.inner = inner
        self.attempts = attempts

    def generate(self, prompt: str) -> str:
        for attempt in range(self.attempts):
            try:
                return self.inner.generate(prompt)
            except ProviderError:
                time.sleep(2**attempt)
        raise RuntimeError("the provider kept failing")
