"""RA401: the same chain, but each model is tried three times in a counted loop under
it: the same request is sent again to a client that already retried it."""

from openai import OpenAI

client = OpenAI()  # expect: RA401(warning)
CHAIN = ["gpt-4o", "gpt-4o-mini"]


def ask(prompt: str) -> str:
    for model in CHAIN:
        for _ in range(3):
            try:
                response = client.chat.completions.create(
                    model=model, messages=[{"role": "user", "content": prompt}]
                )
                return response.choices[0].message.content or ""
            except Exception:
                continue
    raise RuntimeError("every model failed")
