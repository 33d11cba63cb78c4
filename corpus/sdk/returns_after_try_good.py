"""A loop whose body returns after its `try`, whatever happened: a failure is caught,
waited on, and the function returns; the loop never sends the request a second time."""

import asyncio

from openai import AsyncOpenAI

MAX_RETRIES = 5


async def generate(prompt: str, api_key: str) -> str | None:
    response = None
    client = AsyncOpenAI(api_key=api_key)
    for attempt in range(MAX_RETRIES):
        try:
            completion = await client.chat.completions.create(
                model="gpt-4o", messages=[{"role": "user", "content": prompt}]
            )
            response = completion.choices[0].message.content
        except Exception as e:
            if attempt < MAX_RETRIES - 1:
                await asyncio.sleep(2**attempt)
            else:
                print(f"failed: {e}")
                return None
        return response
    return None
