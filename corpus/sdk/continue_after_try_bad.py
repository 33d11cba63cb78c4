"""A loop that notes a failure in its `try` and goes round with a `continue` before the
`return` that follows: it retries, on top of the SDK's own retries."""

import openai

client = openai.OpenAI()  # expect: RA401(warning)


def ask(prompt: str) -> object:
    for attempt in range(3):
        failed = False
        try:
            result = client.chat.completions.create(
                model="gpt-4o", messages=[{"role": "user", "content": prompt}]
            )
        except openai.APIError:
            failed = True
        if failed:
            continue
        return result
    return None
