"""Near misses for RA401: retries off, or no retry layer above the requests."""

import tenacity
from openai import OpenAI

SDK_MAX_RETRIES = 0

quiet = OpenAI(max_retries=SDK_MAX_RETRIES)
plain = OpenAI()
fast = plain.with_options(timeout=5)


@tenacity.retry(stop=tenacity.stop_after_attempt(6))
def ask(prompt: str) -> str:
    reply = quiet.chat.completions.create(model="m", messages=[{"role": "user", "content": prompt}])
    return reply.choices[0].message.content or ""


def once(prompt: str) -> str:
    reply = fast.chat.completions.create(model="m", messages=[{"role": "user", "content": prompt}])
    return str(reply)
