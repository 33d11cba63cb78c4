"""One OpenAI client per provider, all serving the same requests under the module's
retry decorator: one defect, reported once at the first construction (the others are
related locations, not findings of their own)."""

import openai
import tenacity

clients = {}


def init(keys):
    clients["openai"] = openai.OpenAI(api_key=keys["openai"])  # expect: RA401(warning)
    clients["openrouter"] = openai.OpenAI(  # no finding of its own: same requests
        api_key=keys["openrouter"], base_url="https://openrouter.ai/api/v1"
    )
    clients["local"] = openai.OpenAI(base_url="http://localhost:8080/v1")  # same


@tenacity.retry(stop=tenacity.stop_after_attempt(4))
def complete(provider, messages):
    return clients[provider].chat.completions.create(model="m", messages=messages)
