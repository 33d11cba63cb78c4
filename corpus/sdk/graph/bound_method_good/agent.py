from .base import LLMProvider
from .openai_provider import OpenAIProvider
from .retry import retry_async


async def recall(provider: LLMProvider, query: str) -> str:
    return await retry_async(provider.chat, [query])


async def summary(key: str, text: str) -> str:
    local = OpenAIProvider(key)
    tidy = await retry_async(local.render, text)
    return await local.ask(tidy)
