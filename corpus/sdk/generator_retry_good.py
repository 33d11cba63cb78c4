"""Near miss for RA401: a retry decorator on a generator function retries the call that
makes the generator, never a request that fails while it is iterated: no second layer."""

from anthropic import AsyncAnthropic
from openai import OpenAI
from tenacity import retry, stop_after_attempt, wait_exponential

client = AsyncAnthropic()
sync_client = OpenAI()


@retry(stop=stop_after_attempt(3), wait=wait_exponential())
async def stream_reply(prompt: str):
    async with client.messages.stream(model="claude", max_tokens=512, messages=[prompt]) as s:
        async for text in s.text_stream:
            yield text


@retry(stop=stop_after_attempt(3))
def chunks(prompt: str):
    stream = sync_client.chat.completions.create(model="m", messages=[prompt], stream=True)
    for chunk in stream:
        yield chunk.choices[0].delta.content or ""
