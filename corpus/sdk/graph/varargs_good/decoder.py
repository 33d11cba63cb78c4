import openai

from varargs_good.request import make_logged_request


def generate(prompt: str, model: str) -> str:
    client = openai.OpenAI()
    ret = make_logged_request(client, message=prompt, model=model)
    return ret.choices[0].message.content or ""
