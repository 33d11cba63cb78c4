from anthropic import AsyncAnthropic
from tenacity import retry, stop_after_attempt, wait_exponential

from .clients import CLIENTS


async def complete(provider: str, prompt: str, *, retrying: bool = True) -> str:
    client = CLIENTS[provider]

    async def attempt() -> str:
        if isinstance(client, AsyncAnthropic):
            message = await client.messages.create(
                model="claude-sonnet-4-5",
                max_tokens=1024,
                messages=[{"role": "user", "content": prompt}],
            )
            return message.content[0].text
        reply = await client.chat.completions.create(
            model="gpt-4o", messages=[{"role": "user", "content": prompt}]
        )
        return reply.choices[0].message.content or ""

    call = attempt
    if retrying:
        call = retry(stop=stop_after_attempt(4), wait=wait_exponential(max=30))(call)
    return await call()
