import json

from .llm import ask


def ask_json(prompt, attempts=3):
    """Re-asks when the answer does not parse; a failed request is not caught here."""
    for attempt in range(attempts):
        answer = ask(prompt)
        try:
            return json.loads(answer)
        except json.JSONDecodeError:
            prompt = f"{prompt}\nAnswer with JSON only (attempt {attempt + 2})."
    return None
