"""RA401: the same entry point with attempts that default to four: each of its sends
carries the SDK's own two retries."""
import time

import openai

client = openai.OpenAI()  # expect: RA401(warning)


def ask(prompt: str, max_attempts: int = 4) -> str:
    for attempt in range(1, max_attempts + 1):
        try:
            reply = client.chat.completions.create(
                model="gpt-4o-mini", messages=[{"role": "user", "content": prompt}]
            )
            return reply.choices[0].message.content or ""
        except openai.RateLimitError:
            if attempt == max_attempts:
                raise
            time.sleep(2**attempt)
    return ""
