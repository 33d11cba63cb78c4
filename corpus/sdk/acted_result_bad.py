"""A loop that goes round until the reply passes its test re-sends the same request: the
client's failure, turned into an empty reply by `decide`, is retried there too."""

import time

from openai import OpenAI

client = OpenAI()  # expect: RA401(warning)


def decide(prompt: str) -> str:
    try:
        reply = client.chat.completions.create(model="gpt-4o", messages=[])
        return reply.choices[0].message.content or ""
    except Exception:
        return ""


def plan(prompt: str) -> str:
    for _ in range(5):
        answer = decide(prompt)
        if answer:
            return answer
        time.sleep(1)
    return ""
