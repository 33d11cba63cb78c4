import time

import openai

from .providers import OpenRouterProvider


def call_with_retry(operation, attempts: int = 3):
    for attempt in range(1, attempts + 1):
        try:
            return operation()
        except (openai.RateLimitError, openai.APIConnectionError):
            if attempt == attempts:
                raise
            time.sleep(2**attempt)
    return None


def build_providers(keys: dict[str, str]) -> dict[str, OpenRouterProvider]:
    providers: dict[str, OpenRouterProvider] = {}
    for name, key in keys.items():
        providers[name] = OpenRouterProvider(key)
    return providers


class Router:
    def __init__(self, keys: dict[str, str]) -> None:
        self._providers = build_providers(keys)

    def generate(self, provider: str, model: str, prompt: str) -> str:
        backend = self._providers[provider]
        return call_with_retry(lambda: backend.complete(model, [{"role": "user", "content": prompt}]))
