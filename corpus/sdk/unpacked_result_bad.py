"""RA401: the loop goes on until the answer is set, unpacked with its usage from what
the helper returns (`text, usage = ask(…)`); a failure sleeps and sends again, under the
SDK's own default retries."""

import time

import anthropic


def ask(prompt: str) -> tuple[str, object]:
    client = anthropic.Anthropic()  # expect: RA401(warning)
    message = client.messages.create(
        model="claude-sonnet-4-5", max_tokens=1024, messages=[{"role": "user", "content": prompt}]
    )
    return message.content[0].text, message.usage


def answer(prompt: str) -> tuple[str, object]:
    text = None
    while text is None:
        try:
            text, usage = ask(prompt)
        except Exception as error:
            print(f"retrying in 60s: {error}")
            time.sleep(60)
    return text, usage
