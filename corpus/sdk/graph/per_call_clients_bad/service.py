import anthropic

from .retrying import call_with_retry


async def draft(prompt: str) -> str:
    client = anthropic.Anthropic()  # expect: RA401
    reply = await call_with_retry(client, model="m", max_tokens=600, messages=[prompt])
    return reply.content[0].text


async def classify(text: str) -> str:
    client = anthropic.Anthropic()  # expect: RA401
    reply = await call_with_retry(client, model="m", max_tokens=100, messages=[text])
    return reply.content[0].text


async def follow_up(prompt: str, fast: bool) -> str:
    if fast:
        client = anthropic.Anthropic(timeout=10)  # expect: RA401
    else:
        client = anthropic.Anthropic(timeout=60)
    reply = await call_with_retry(client, model="m", max_tokens=256, messages=[prompt])
    return reply.content[0].text
