"""A retry decorator configured by a dict of options spread into it
(`@retry(**retry_options())`): its attempt limit is among those options, so it is not
said to have none; the client keeps its own retries under it (RA401)."""

import anthropic
from anthropic import Anthropic
from tenacity import retry, retry_if_exception_type, stop_after_attempt

client = Anthropic()  # expect: RA401(warning)


def retry_options() -> dict[str, object]:
    return {
        "retry": retry_if_exception_type(anthropic.RateLimitError),
        "stop": stop_after_attempt(5),
    }


@retry(**retry_options())
def ask(prompt: str) -> str:
    message = client.messages.create(
        model="claude-sonnet-4-5", max_tokens=512, messages=[{"role": "user", "content": prompt}]
    )
    return message.content[0].text
