"""A retry loop whose predicate retries only the HTTP library's errors (`httpx`): the SDK
client wraps those in its own (`APIStatusError`, `APIConnectionError`), so none of its
failures passes the test and the loop never sends a request the SDK retried again."""

from __future__ import annotations

import httpx
from anthropic import AsyncAnthropic
from httpx import ConnectError as TransportConnectError

transport_client = AsyncAnthropic()


def is_transport_retryable(exc: Exception) -> bool:
    if isinstance(exc, httpx.HTTPStatusError):
        if exc.response.status_code in (429, 500, 502, 503, 504):
            return True
        return False
    return isinstance(exc, (httpx.TimeoutException, TransportConnectError))


async def ask_transport(prompt: str) -> str:
    for _attempt in range(3):
        try:
            reply = await transport_client.messages.create(
                model="claude-sonnet-4-5", max_tokens=512, messages=[{"role": "user", "content": prompt}]
            )
            return reply.content[0].text
        except Exception as exc:
            if not is_transport_retryable(exc):
                raise
    raise RuntimeError("no reply")


async def ask_transport_status(prompt: str) -> str:
    for _attempt in range(3):
        try:
            reply = await transport_client.messages.create(
                model="claude-sonnet-4-5", max_tokens=512, messages=[{"role": "user", "content": prompt}]
            )
            return reply.content[0].text
        except httpx.HTTPStatusError as exc:
            if exc.response.status_code != 429:
                raise
    raise RuntimeError("no reply")
