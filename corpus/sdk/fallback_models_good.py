"""Near miss: a fallback chain sends the request once per model, each turn with another
model (or provider), and leaves at the first answer: no request is sent again, so the
client's own retries are the only ones."""

from openai import OpenAI

client = OpenAI()
CHAIN = ["gpt-4o", "gpt-4o-mini", "gpt-3.5-turbo"]


def ask(prompt: str) -> str:
    last: Exception | None = None
    for model in CHAIN:
        try:
            response = client.chat.completions.create(
                model=model, messages=[{"role": "user", "content": prompt}]
            )
            return response.choices[0].message.content or ""
        except Exception as error:
            last = error
    raise RuntimeError(f"every model failed: {last}")
