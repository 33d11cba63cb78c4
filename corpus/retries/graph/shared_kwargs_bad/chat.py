from openai import OpenAI
from tenacity import retry, stop_after_attempt, wait_exponential

from .constants import DEFAULT_MODEL, client_kwargs


def make_client(api_key: str) -> OpenAI:
    return OpenAI(api_key=api_key, **client_kwargs)  # expect: RA401(warning)


@retry(stop=stop_after_attempt(4), wait=wait_exponential())
def complete(api_key: str, prompt: str) -> str:
    client = make_client(api_key)
    reply = client.chat.completions.create(
        model=DEFAULT_MODEL, messages=[{"role": "user", "content": prompt}]
    )
    return reply.choices[0].message.content or ""


@retry(stop=stop_after_attempt(4), wait=wait_exponential())
def complete_each(api_key: str, prompts: list[str]) -> list[str]:
    answers = []
    for client_kwargs in ({"timeout": 10.0, "max_retries": 3},):  # not the module's
        client = OpenAI(api_key=api_key, **client_kwargs)  # expect: RA401(info)
        for prompt in prompts:
            reply = client.chat.completions.create(
                model=DEFAULT_MODEL, messages=[{"role": "user", "content": prompt}]
            )
            answers.append(reply.choices[0].message.content or "")
    return answers
