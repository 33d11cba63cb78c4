import time

from anthropic import Anthropic, APIStatusError


def translate(client: Anthropic, text: str) -> str:
    for attempt in range(3):
        try:
            reply = client.messages.create(
                model="claude-sonnet-4-5", max_tokens=256, messages=[{"role": "user", "content": text}]
            )
            return reply.content[0].text
        except APIStatusError:
            time.sleep(2**attempt)
    return ""


def main() -> None:
    print(translate(Anthropic(max_retries=0), "bonjour"))
