"""Near misses: the same retriers, where every caller of the private helper turns
litellm's retries off through the `**kwargs` it forwards, where the retrier's call passes
`num_retries=0` on, and where the request function is handed to a thread that runs it
once, outside any retry."""
import asyncio

import litellm
import tenacity


def _completion_with_retries(*args, **kwargs):
    retryer = tenacity.AsyncRetrying(stop=tenacity.stop_after_attempt(3), reraise=True)
    return retryer(litellm.acompletion, *args, **kwargs)


async def draft_rows(messages: list[dict[str, str]], model: str) -> str:
    options = {"model": model, "temperature": 0.2, "num_retries": 0}
    reply = await _completion_with_retries(messages=messages, **options)
    return reply.choices[0].message.content or ""


def summarise(text: str) -> str:
    attempts = tenacity.Retrying(stop=tenacity.stop_after_attempt(4), reraise=True)
    messages = [{"role": "user", "content": text}]
    reply = attempts(litellm.completion, model="openai/gpt-4o-mini", messages=messages, num_retries=0)
    return reply.choices[0].message.content or ""


async def headline(text: str) -> str:
    messages = [{"role": "user", "content": f"Headline: {text}"}]
    reply = await asyncio.to_thread(litellm.completion, model="openai/gpt-4o-mini", messages=messages)
    return reply.choices[0].message.content or ""
