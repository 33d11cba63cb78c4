import time

from anthropic import Anthropic, APIStatusError


def summarise(client: Anthropic, text: str) -> str:  # expect: RA401(info)
    for attempt in range(3):
        try:
            reply = client.messages.create(
                model="claude-sonnet-4-5",
                max_tokens=512,
                messages=[{"role": "user", "content": f"Summarise:\n{text}"}],
            )
            return reply.content[0].text
        except APIStatusError:
            time.sleep(2**attempt)
    return ""
