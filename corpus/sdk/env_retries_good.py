"""Near misses: the environment's default turns the client's retries off, under the same
retry layer."""

import os

import openai
from tenacity import retry, stop_after_attempt

client = openai.OpenAI(max_retries=int(os.getenv("OPENAI_MAX_RETRIES", "0")))


@retry(stop=stop_after_attempt(3))
def ask(prompt: str) -> str:
    response = client.chat.completions.create(
        model="gpt-4o", messages=[{"role": "user", "content": prompt}]
    )
    return response.choices[0].message.content or ""
