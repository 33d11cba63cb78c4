from .clients import get_client
from .retrying import make_retry

llm_retry = make_retry()


@llm_retry
async def summarise(text: str) -> str:
    reply = await get_client().messages.create(
        model="claude-sonnet-4-5", max_tokens=512, messages=[{"role": "user", "content": text}]
    )
    return reply.content[0].text
