"""A request whose resource is picked by name (`getattr(client, "messages")`)."""

import time

import anthropic


def complete(prompt: list[dict[str, str]], resource: str = "messages", n_retries: int = 5) -> str:
    client = anthropic.Anthropic(max_retries=n_retries)  # expect: RA401(warning)
    for _ in range(n_retries):
        try:
            response = getattr(client, resource).create(messages=prompt, model="claude-sonnet-4-5")
            return response.content[0].text
        except anthropic.RateLimitError:
            time.sleep(2)
    return ""
