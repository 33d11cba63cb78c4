"""Near miss for RA401: the same loop, but it resets both names to None each round
(`text, usage = None, None`) and then only reads what a success set; the client's own
retries are off, so the loop is the only retry layer."""

import time

import anthropic


def ask(prompt: str) -> tuple[str, object]:
    client = anthropic.Anthropic(max_retries=0)
    message = client.messages.create(
        model="claude-sonnet-4-5", max_tokens=1024, messages=[{"role": "user", "content": prompt}]
    )
    return message.content[0].text, message.usage


def answer(prompt: str) -> tuple[str, object]:
    text, usage = None, None
    while text is None:
        try:
            text, usage = ask(prompt)
        except Exception as error:
            print(f"retrying in 60s: {error}")
            time.sleep(60)
    return text, usage
