"""Near miss, a corpus package: the package's `__init__.py` wraps a provider from a
sibling module in a retrying client, as in `wrapping_client_bad`; the provider's client
keeps no retries of its own."""

from .providers import ClaudeProvider
from .retrying import RetryingClient


def create_client(api_key: str) -> RetryingClient:
    inner = ClaudeProvider(api_key)
    return RetryingClient(inner, attempts=3)
