"""The same loop testing the SDK's own error classes: 429 and 5xx responses are retried by
the loop and by the client (`max_retries=2`, the default), three sends per attempt."""

from __future__ import annotations

import anthropic
import httpx

sdk_status_client = anthropic.AsyncAnthropic()  # expect: RA401(warning)


def is_sdk_retryable(exc: Exception) -> bool:
    if isinstance(exc, anthropic.APIStatusError):
        return exc.status_code in (429, 500, 502, 503, 504)
    return isinstance(exc, httpx.TimeoutException)


async def ask_sdk_status(prompt: str) -> str:
    for _attempt in range(3):
        try:
            reply = await sdk_status_client.messages.create(
                model="claude-sonnet-4-5", max_tokens=512, messages=[{"role": "user", "content": prompt}]
            )
            return reply.content[0].text
        except Exception as exc:
            if not is_sdk_retryable(exc):
                raise
    raise RuntimeError("no reply")
