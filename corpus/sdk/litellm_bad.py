"""litellm's request functions send an OpenAI-provider request through the openai client
they build for it, with 2 retries unless the call sets `max_retries` (or `num_retries`):
an application retry layer around them sends each failing request again and again (also
with the call's keywords in a `dict(…)` that sets neither)."""

import asyncio
import time

import litellm
from litellm import acompletion
from tenacity import retry, stop_after_attempt, wait_exponential

MODEL = "gpt-4o-mini"


@retry(stop=stop_after_attempt(3), wait=wait_exponential())
def summarize(text: str) -> str:
    reply = litellm.completion(  # expect: RA401(warning)
        model=MODEL, messages=[{"role": "user", "content": text}]
    )
    return reply.choices[0].message.content or ""


async def classify(text: str, model: str) -> str:
    for attempt in range(4):
        try:
            reply = await acompletion(  # expect: RA401(warning)
                model=model, messages=[{"role": "user", "content": text}], num_retries=2
            )
            return reply.choices[0].message.content or ""
        except litellm.RateLimitError:
            await asyncio.sleep(2**attempt)
    return ""


def embed(text: str) -> list[float]:
    for attempt in range(3):
        try:
            reply = litellm.embedding(model="text-embedding-3-small", input=[text])  # expect: RA401(warning)
            return reply.data[0]["embedding"]
        except litellm.Timeout:
            time.sleep(attempt + 1)
    return []


async def draft(messages: list[dict[str, str]]) -> str:
    options = dict(model=MODEL, messages=messages, timeout=60)
    for attempt in range(3):
        try:
            reply = await litellm.acompletion(**options)  # expect: RA401(warning)
            return reply.choices[0].message.content or ""
        except litellm.RateLimitError:
            await asyncio.sleep(2**attempt)
    return ""
