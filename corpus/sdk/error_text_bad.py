"""RA401: a helper turns every failure of its request into a text, and the loop around
it goes round until the text parses; it leaves on a marker the helper never returns, so
a failed request is sent again (and the SDK already retried it)."""

import json

from openai import OpenAI

client = OpenAI()  # expect: RA401


def _generate(prompt: str) -> str:
    try:
        reply = client.chat.completions.create(model="m", messages=[prompt])
        return reply.choices[0].message.content or ""
    except Exception as error:
        return f"request failed: {error}"


def generate_terms(prompt: str) -> list[str]:
    terms: list[str] = []
    for attempt in range(5):
        response = _generate(prompt)
        if "Error: " in response:
            return []
        try:
            terms = json.loads(response)
        except ValueError:
            continue
        if terms:
            break
    return terms
