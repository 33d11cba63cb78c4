"""Near miss of spread_retry_options_bad: the same decorator, over a client built with
`max_retries=0`: the application's retries are the only ones."""

import anthropic
from anthropic import Anthropic
from tenacity import retry, retry_if_exception_type, stop_after_attempt

client = Anthropic(max_retries=0)


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
