"""A client's retries come from a config file, with 0 as the lookup's default: the file
may set them, so they are not known to be off under the retry decorator (RA401, info)."""

import json

import anthropic
import tenacity

CONFIG = json.load(open("config.json"))
client = anthropic.Anthropic(max_retries=CONFIG.get("max_retries", 0))  # expect: RA401(info)


@tenacity.retry(stop=tenacity.stop_after_attempt(3))
def ask(prompt: str) -> str:
    response = client.messages.create(
        model="claude-sonnet-4-5", max_tokens=100, messages=[{"role": "user", "content": prompt}]
    )
    return str(response.content[0])
