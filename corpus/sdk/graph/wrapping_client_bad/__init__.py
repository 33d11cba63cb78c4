"""A corpus package: the package's `__init__.py` builds a provider from a sibling module
(its relative imports are the package's own modules) and wraps it in a retrying client
that stores the provider it is given and calls it in a loop."""

from .providers import ClaudeProvider
from .retrying import RetryingClient


def create_client(api_key: str) -> RetryingClient:
    inner = ClaudeProvider(api_key)
    return RetryingClient(inner, attempts=3)
