"""Near misses: the client's retries switched off on the way to the request, by
`params.update(num_retries=0)`, a dict literal given to `update`, or a subscript."""

import litellm
from openai import OpenAI
from tenacity import retry, stop_after_attempt


def base_params(model: str) -> dict[str, object]:
    return {"model": model, "temperature": 0}


@retry(stop=stop_after_attempt(3))
def ask(prompt: str) -> str:
    params = base_params("gpt-4o-mini")
    params.update(messages=[{"role": "user", "content": prompt}], num_retries=0)
    return litellm.completion(**params).choices[0].message.content


@retry(stop=stop_after_attempt(3))
async def ask_async(prompt: str) -> str:
    params = base_params("gpt-4o-mini")
    params.update({"messages": [{"role": "user", "content": prompt}], "max_retries": 0})
    try:
        reply = await litellm.acompletion(**params)
    except litellm.BadRequestError:
        return ""
    return reply.choices[0].message.content


@retry(stop=stop_after_attempt(3))
def answer(prompt: str) -> str:
    options = dict(base_params("gpt-4o-mini"))
    options["max_retries"] = 0
    client = OpenAI(**options)
    reply = client.chat.completions.create(model="gpt-4o-mini", messages=[])
    return reply.choices[0].message.content or ""
