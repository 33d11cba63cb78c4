"""Near misses: litellm requests with the client's retries off (`max_retries=0`, or
`num_retries=0`, which sets them, also from a module's dict, a local `dict(…)` or set on
the same line), a model litellm sends through its own HTTP handler (`anthropic/…`,
literal or a constant: no openai client), and a request no layer retries."""

import asyncio

import litellm
from litellm import acompletion
from tenacity import retry, stop_after_attempt, wait_exponential

MODEL = "gpt-4o-mini"
CLAUDE = "anthropic/claude-3-5-sonnet-latest"
QUIET = {"model": MODEL, "num_retries": 0}


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


@retry(stop=stop_after_attempt(3), wait=wait_exponential())
def review(text: str) -> str:
    reply = litellm.completion(model=CLAUDE, messages=[{"role": "user", "content": text}])
    return reply.choices[0].message.content or ""


@retry(stop=stop_after_attempt(3), wait=wait_exponential())
def tag(text: str) -> str:
    reply = litellm.completion(messages=[{"role": "user", "content": text}], **QUIET)
    return reply.choices[0].message.content or ""


@retry(stop=stop_after_attempt(3), wait=wait_exponential())
def label(text: str) -> str:
    params: dict[str, object] = {"model": MODEL, "messages": [{"role": "user", "content": text}]}
    params["num_retries"] = 0; reply = litellm.completion(**params)  # noqa: E702
    return reply.choices[0].message.content or ""


async def stream_reply(messages: list[dict[str, str]]) -> str:
    options = dict(model=MODEL, messages=messages, stream=False, num_retries=0)
    for attempt in range(3):
        try:
            reply = await litellm.acompletion(**options)
            return reply.choices[0].message.content or ""
        except litellm.RateLimitError:
            await asyncio.sleep(2**attempt)
    return ""
