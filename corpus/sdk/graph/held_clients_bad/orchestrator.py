import asyncio

from .provider import GroqProvider


async def with_llm_retry(provider: GroqProvider, text: str, attempts: int = 3) -> dict:
    for attempt in range(attempts):
        try:
            return await provider.extract(text)
        except Exception:
            await asyncio.sleep(2**attempt)
    raise RuntimeError("gave up")
