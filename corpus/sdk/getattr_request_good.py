"""A request picked by name, with the SDK's retries off under the application's loop."""

import time

import anthropic


def complete(prompt: list[dict[str, str]], resource: str = "messages", n_retries: int = 5) -> str:
    client = anthropic.Anthropic(max_retries=0)
    for _ in range(n_retries):
        try:
            response = getattr(client, resource).create(messages=prompt, model="claude-sonnet-4-5")
            return response.content[0].text
        except anthropic.RateLimitError:
            time.sleep(2)
    return ""
