from openai import OpenAI

from .clients import get_or_create_client


def summarise(text: str, api_key: str) -> str:
    client = get_or_create_client(OpenAI, api_key)
    for _attempt in range(3):
        try:
            reply = client.chat.completions.create(
                model="gpt-4.1-mini", messages=[{"role": "user", "content": text}]
            )
            return reply.choices[0].message.content or ""
        except Exception:
            continue
    return ""
