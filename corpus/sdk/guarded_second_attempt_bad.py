"""RA401: a second attempt in an `except` clause, made only when the error says the
service was overloaded: a failure the client retries itself, so both layers send it."""

import time

from openai import OpenAI

overloaded_client = OpenAI()  # expect: RA401(warning)


def ask_when_overloaded(prompt: str) -> str:
    messages = [{"role": "user", "content": prompt}]
    try:
        reply = overloaded_client.chat.completions.create(model="gpt-4o", messages=messages)
    except Exception as error:
        message = str(error).lower()
        if "overloaded" in message:
            time.sleep(5)
            reply = overloaded_client.chat.completions.create(model="gpt-4o", messages=messages)
        else:
            raise
    return reply.choices[0].message.content or ""
