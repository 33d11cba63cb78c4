"""RA401: the client's options are a `TypedDict` (or `dict()`) filled key by key; none of
the keys is `max_retries`, so the client keeps the SDK's retries under the loop's."""

from typing import TypedDict

from openai import AsyncAzureOpenAI, AsyncOpenAI
from tenacity import AsyncRetrying, retry_if_exception_type, stop_after_attempt
from openai import RateLimitError


async def azure_client(key: str | None, token_provider: object) -> AsyncAzureOpenAI:
    class AuthArgs(TypedDict, total=False):
        api_key: str
        azure_ad_token_provider: object

    auth_args = AuthArgs()
    if key is not None:
        auth_args["api_key"] = key
    else:
        auth_args["azure_ad_token_provider"] = token_provider
    return AsyncAzureOpenAI(azure_endpoint="https://x", api_version="2024-02-01", **auth_args)  # expect: RA401(warning)


async def plain_client(key: str) -> AsyncOpenAI:
    options = dict()
    options["api_key"] = key
    return AsyncOpenAI(**options)  # expect: RA401(warning)


async def embed(texts: list[str], key: str, token_provider: object) -> list[list[float]]:
    client = await azure_client(key, token_provider)
    found: list[list[float]] = []
    async for attempt in AsyncRetrying(
        retry=retry_if_exception_type(RateLimitError), stop=stop_after_attempt(15)
    ):
        with attempt:
            reply = await client.embeddings.create(model="m", input=texts)
            found.extend(item.embedding for item in reply.data)
    return found


async def embed_plain(texts: list[str], key: str) -> list[list[float]]:
    client = await plain_client(key)
    async for attempt in AsyncRetrying(stop=stop_after_attempt(5)):
        with attempt:
            reply = await client.embeddings.create(model="m", input=texts)
            return [item.embedding for item in reply.data]
    return []
