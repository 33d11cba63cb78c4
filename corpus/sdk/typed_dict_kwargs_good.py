"""Near miss of typed_dict_kwargs_bad.py: the options filled key by key hold only the
credentials, and the client is given `max_retries=0` beside them."""

from typing import TypedDict

from openai import AsyncAzureOpenAI, AsyncOpenAI, RateLimitError
from tenacity import AsyncRetrying, retry_if_exception_type, stop_after_attempt


async def azure_client(key: str) -> AsyncAzureOpenAI:
    class AuthArgs(TypedDict, total=False):
        api_key: str

    auth_args = AuthArgs()
    auth_args["api_key"] = key
    return AsyncAzureOpenAI(
        azure_endpoint="https://x", api_version="2024-02-01", max_retries=0, **auth_args
    )


async def embed(texts: list[str], key: str) -> list[list[float]]:
    client = await azure_client(key)
    found: list[list[float]] = []
    async for attempt in AsyncRetrying(
        retry=retry_if_exception_type(RateLimitError), stop=stop_after_attempt(15)
    ):
        with attempt:
            reply = await client.embeddings.create(model="m", input=texts)
            found.extend(item.embedding for item in reply.data)
    return found
