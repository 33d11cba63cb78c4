"""openai's module-level client (`openai.chat.completions.create`, no constructor in the
program) keeps the SDK's 2 retries under the application's own retry loop."""

import time

import openai

MODEL = "gpt-4o-mini"


def review(prompt: str) -> str:
    for attempt in range(3):
        try:
            reply = openai.chat.completions.create(  # expect: RA401(warning)
                model=MODEL, messages=[{"role": "user", "content": prompt}]
            )
            return reply.choices[0].message.content or ""
        except openai.OpenAIError:
            if attempt == 2:
                raise
            time.sleep(2**attempt)
    return ""


def embed(text: str) -> list[float]:
    for _ in range(3):
        try:
            return openai.embeddings.create(model="e", input=text).data[0].embedding
        except openai.APIError:
            time.sleep(1)
    return []
