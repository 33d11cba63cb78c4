"""A lazily built client with the SDK's retries on (`max_retries=2`)."""

from openai import AsyncOpenAI

_client: AsyncOpenAI | None = None


def get_client() -> AsyncOpenAI:
    global _client
    if _client is None:
        _client = AsyncOpenAI(max_retries=2, timeout=40)
    return _client
