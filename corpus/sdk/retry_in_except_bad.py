"""RA401: a second attempt written in the `except` clause (the `try`'s call made again)
is a retry layer of two attempts over a client that retries the same failures itself."""

import time

import litellm
import openai
from openai import OpenAI

client = OpenAI()  # expect: RA401(warning)


def ask(prompt: str) -> str:
    messages = [{"role": "user", "content": prompt}]
    try:
        reply = client.chat.completions.create(model="gpt-4o", messages=messages)
    except openai.RateLimitError:
        print("rate limited, retrying once")
        time.sleep(5)
        reply = client.chat.completions.create(model="gpt-4o", messages=messages)
    return reply.choices[0].message.content or ""


def stream(**kwargs):
    try:
        chunks = litellm.completion(stream=True, **kwargs)  # expect: RA401(warning)
    except Exception as error:
        print(f"stream failed ({error}), retrying once")
        time.sleep(1)
        chunks = litellm.completion(stream=True, **kwargs)
    return chunks
