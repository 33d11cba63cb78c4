"""Near misses for RA401: layers that share no failure with the SDK, or never see the client."""

import json

import httpx
import tenacity
from anthropic import Anthropic
from openai import OpenAI

client = OpenAI()
claude = Anthropic(max_retries=3)


class EmptyReply(Exception):
    """The model answered with nothing."""


@tenacity.retry(
    retry=tenacity.retry_if_exception_type((json.JSONDecodeError, EmptyReply)),
    stop=tenacity.stop_after_attempt(3),
)
def ask_json(prompt: str) -> dict:
    # Retries a reply that does not parse: the SDK never retries those.
    reply = client.chat.completions.create(model="m", messages=[prompt])
    text = reply.choices[0].message.content
    if not text:
        raise EmptyReply
    return json.loads(text)


@tenacity.retry(stop=tenacity.stop_after_attempt(4))
async def fetch_page(url: str) -> str:
    # `client` here is the function's own httpx client, not the module's OpenAI client.
    async with httpx.AsyncClient() as client:
        response = await client.get(url)
        return response.text


@tenacity.retry(stop=tenacity.stop_after_attempt(4))
def post_webhook(client: httpx.Client, payload: dict) -> int:
    # A parameter named like the module's client.
    return client.post("https://example.invalid/hook", json=payload).status_code


@tenacity.retry(stop=tenacity.stop_after_attempt(4))
def probe_health() -> int:
    client = httpx.Client(timeout=5)
    return client.get("https://example.invalid/health").status_code


@tenacity.retry(stop=tenacity.stop_after_attempt(4))
def ask_or_error(prompt: str) -> object:
    # Every failure is caught and returned: the decorator never sees one, so never retries.
    try:
        return claude.messages.create(model="m", max_tokens=32, messages=[prompt])
    except Exception as error:
        return error


def summarise(text: str) -> str:
    # A loop that goes on only after a validation error of its own.
    for _ in range(3):
        try:
            reply = claude.messages.create(model="m", max_tokens=32, messages=[text])
            return str(reply)
        except ValueError:
            continue
    return ""
