"""Near misses: litellm requests with the client's retries off (`max_retries=0`, or
`num_retries=0`, which sets them), a model litellm sends through its own HTTP handler
(`anthropic/…`, no openai client), and a request no layer retries."""

import asyncio

import litellm
from litellm import acompletion
from tenacity import retry, stop_after_attempt, wait_exponential

MODEL = "gpt-4o-mini"


@retry(stop=stop_after_attempt(3), wait=wait_exponential())
def summarize(text: str) -> str:
    reply = litellm.completion(
        model=MODEL, messages=[{"role": "user", "content": text}], max_retries=0
    )
    return reply.choices[0].message.content or ""


@retry(stop=stop_after_attempt(3), wait=wait_exponential())
def summarize_with_claude(text: str) -> str:
    reply = litellm.completion(
        model="anthropic/claude-3-5-sonnet-latest", messages=[{"role": "user", "content": text}]
    )
    return reply.choices[0].message.content or ""


async def classify(text: str, model: str) -> str:
    for attempt in range(4):
        try:
            reply = await acompletion(
                model=model, messages=[{"role": "user", "content": text}], num_retries=0
            )
            return reply.choices[0].message.content or ""
        except litellm.RateLimitError:
            await asyncio.sleep(2**attempt)
    return ""


def title(text: str) -> str:
    reply = litellm.completion(model=MODEL, messages=[{"role": "user", "content": text}])
    return reply.choices[0].message.content or ""
