from openai import AsyncOpenAI

from .retrying import llm_retry

_client = AsyncOpenAI(base_url="https://openrouter.ai/api/v1")  # expect: RA401


@llm_retry
async def predict(prompt):
    reply = await _client.chat.completions.create(model="m", messages=[prompt])
    return reply.choices[0].message.content
