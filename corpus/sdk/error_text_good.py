"""Near miss of error_text_bad.py: the loop leaves on the marker every failure text of the
helper holds (`return f"Error: {e}"`, `"Error: no reply"`), so it goes round only when a
successful reply does not parse: no failed request is sent again."""

import json

from openai import OpenAI

client = OpenAI()


def _generate(prompt: str) -> str:
    try:
        reply = client.chat.completions.create(model="m", messages=[prompt])
        content = reply.choices[0].message.content
    except Exception as error:
        return f"Error: {error}"
    if not content:
        return "Error: no reply"
    return content


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
