"""The same loop with its `return` inside the `try`: a caught failure waits and goes round,
sending the request again on top of the SDK's own retries."""

import asyncio

from openai import AsyncOpenAI

MAX_RETRIES = 5


async def generate(prompt: str, api_key: str) -> str | None:
    client = AsyncOpenAI(api_key=api_key)  # expect: RA401(warning)
    for attempt in range(MAX_RETRIES):
        try:
            completion = await client.chat.completions.create(
                model="gpt-4o", messages=[{"role": "user", "content": prompt}]
            )
            return completion.choices[0].message.content
        except Exception as e:
            if attempt < MAX_RETRIES - 1:
                await asyncio.sleep(2**attempt)
            else:
                print(f"failed: {e}")
                return None
    return None
