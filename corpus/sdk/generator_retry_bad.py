"""RA401: the same requests under a retry decorator of a function that returns (not a
generator): each failure the SDK retries is sent again by the decorator too."""

from anthropic import AsyncAnthropic
from openai import OpenAI
from tenacity import retry, stop_after_attempt, wait_exponential

client = AsyncAnthropic()  # expect: RA401
sync_client = OpenAI()  # expect: RA401


@retry(stop=stop_after_attempt(3), wait=wait_exponential())
async def reply(prompt: str) -> str:
    async with client.messages.stream(model="claude", max_tokens=512, messages=[prompt]) as s:
        return "".join([text async for text in s.text_stream])


@retry(stop=stop_after_attempt(3))
def answer(prompt: str) -> str:
    response = sync_client.chat.completions.create(model="m", messages=[prompt])
    return response.choices[0].message.content or ""
