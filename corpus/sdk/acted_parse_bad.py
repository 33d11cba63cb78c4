"""A loop that parses each reply and leaves once the parse gives something goes round on
a failed request too (`decide` turns it into an empty reply): parsing is reading, not
acting on the reply."""

import json
import time

from openai import OpenAI

client = OpenAI()  # expect: RA401(warning)


def decide(prompt: str) -> str:
    try:
        reply = client.chat.completions.create(model="gpt-4o", messages=[])
        return reply.choices[0].message.content or ""
    except Exception:
        return ""


def extract(answer: str) -> dict[str, str] | None:
    try:
        return json.loads(answer)
    except ValueError:
        return None


def plan(prompt: str) -> dict[str, str] | None:
    for _ in range(5):
        answer = decide(prompt)
        if not answer:
            time.sleep(1)
            continue
        data = extract(answer)
        if data:
            return data
    return None
