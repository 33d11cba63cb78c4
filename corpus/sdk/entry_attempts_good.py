"""Near miss: a retry loop whose attempts are a parameter that defaults to one, in a
function nothing in the tree calls (an entry point): unless a caller asks for more, it
sends once, and only the SDK's own retries run."""
import time

import openai

client = openai.OpenAI()


def ask(prompt: str, max_attempts: int = 1) -> str:
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
