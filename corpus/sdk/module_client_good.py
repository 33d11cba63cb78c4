"""Near misses: the program turns the module-level client's retries off
(`openai.max_retries = 0`) before its retry loop, or sends without a retry layer of its
own; a client the program builds is a constructor's own case."""

import time

import openai

openai.max_retries = 0


def review(prompt: str) -> str:
    for attempt in range(3):
        try:
            reply = openai.chat.completions.create(
                model="gpt-4o-mini", messages=[{"role": "user", "content": prompt}]
            )
            return reply.choices[0].message.content or ""
        except openai.OpenAIError:
            if attempt == 2:
                raise
            time.sleep(2**attempt)
    return ""
