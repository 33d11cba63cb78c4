from openai import OpenAI
from tenacity import retry, stop_after_attempt, wait_exponential

from .settings import DEFAULT_MODEL, openai_kwargs


def build_client(api_key: str) -> OpenAI:
    return OpenAI(api_key=api_key, **openai_kwargs)


@retry(stop=stop_after_attempt(4), wait=wait_exponential())
def answer(api_key: str, prompt: str) -> str:
    client = build_client(api_key)
    reply = client.chat.completions.create(
        model=DEFAULT_MODEL, messages=[{"role": "user", "content": prompt}]
    )
    return reply.choices[0].message.content or ""


@retry(stop=stop_after_attempt(4), wait=wait_exponential())
def answer_with_claude(prompt: str) -> str:
    from anthropic import Anthropic

    from .settings import anthropic_kwargs

    client = Anthropic(**anthropic_kwargs)
    reply = client.messages.create(
        model="claude-sonnet-4-5", max_tokens=512, messages=[{"role": "user", "content": prompt}]
    )
    return reply.content[0].text
