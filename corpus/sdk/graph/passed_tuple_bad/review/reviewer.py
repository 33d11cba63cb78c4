import time

from .clients import get_client


def chat(prompt: str, model: str, retries: int = 3) -> str:
    client, _, prefix = get_client()
    for attempt in range(retries):
        try:
            response = client.chat.completions.create(
                model=model.removeprefix(prefix), messages=[{"role": "user", "content": prompt}]
            )
            return response.choices[0].message.content or ""
        except Exception:
            time.sleep(2**attempt)
    raise RuntimeError("the review request failed")
