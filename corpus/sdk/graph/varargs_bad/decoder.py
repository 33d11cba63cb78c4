import openai

from varargs_bad.request import make_auto_request


def generate(prompt: str, model: str) -> str:
    client = openai.OpenAI()  # expect: RA401(warning)
    ret = make_auto_request(client, message=prompt, model=model)
    return ret.choices[0].message.content or ""
