import time

from openai import OpenAI


def ask(prompt: str, system: str | None = None, max_retries: int = 1) -> str | None:
    client = OpenAI()
    for attempt in range(max_retries):
        try:
            response = client.chat.completions.create(
                model="gpt-4o-mini",
                messages=[{"role": "system", "content": system or ""}, {"role": "user", "content": prompt}],
            )
            return response.choices[0].message.content
        except Exception:
            if attempt == max_retries - 1:
                return None
            time.sleep(2**attempt)
    return None
