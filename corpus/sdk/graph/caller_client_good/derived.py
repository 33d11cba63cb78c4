import time

from openai import OpenAI, RateLimitError


def classify(client: OpenAI, text: str) -> str:
    own = client.with_options(max_retries=0)
    for attempt in range(5):
        try:
            reply = own.chat.completions.create(model="m", messages=[{"role": "user", "content": text}])
            return reply.choices[0].message.content or ""
        except RateLimitError:
            time.sleep(2**attempt)
    return ""


def describe(client: OpenAI, text: str) -> str:
    reply = client.chat.completions.create(model="m", messages=[{"role": "user", "content": text}])
    return reply.choices[0].message.content or ""
