"""A dict of request options built by a helper and completed on the way to the request:
the keys set there decide the retries (`params["num_retries"] = 3` sets them; a key
set only in one branch, or another key, leaves them unknown or the default)."""

import litellm
from openai import OpenAI
from tenacity import retry, stop_after_attempt


def base_params(model: str) -> dict[str, object]:
    return {"model": model, "temperature": 0}


@retry(stop=stop_after_attempt(3))
def ask(prompt: str) -> str:
    params = base_params("gpt-4o-mini")
    params["messages"] = [{"role": "user", "content": prompt}]
    params["num_retries"] = 3
    return litellm.completion(**params).choices[0].message.content  # expect: RA401(warning)


@retry(stop=stop_after_attempt(3))
def ask_fast(prompt: str, fast: bool) -> str:
    params = base_params("gpt-4o-mini")
    params.update(messages=[{"role": "user", "content": prompt}], temperature=0)
    if fast:
        params.update(max_retries=0)
    return litellm.completion(**params).choices[0].message.content  # expect: RA401(info)


@retry(stop=stop_after_attempt(3))
def answer(prompt: str) -> str:
    options = dict(base_params("gpt-4o-mini"))
    options["max_retries"] = 5
    client = OpenAI(**options)  # expect: RA401(warning)
    reply = client.chat.completions.create(model="gpt-4o-mini", messages=[])
    return reply.choices[0].message.content or ""
