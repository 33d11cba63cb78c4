"""A retry loop that, once its attempts are spent, pauses for the user to press a key
(`input("… Press Enter to retry")`, whose answer it drops) and starts over: still a
retry loop over the same request, on top of the SDK's own retries (RA401)."""

import time

from anthropic import Anthropic

client = Anthropic()  # expect: RA401


def ask(prompt: str, retries: int = 3) -> str:
    attempt = 0
    while True:
        try:
            reply = client.messages.create(
                model="claude-sonnet-4-5",
                max_tokens=512,
                messages=[{"role": "user", "content": prompt}],
            )
            return reply.content[0].text
        except Exception as error:
            if attempt < retries:
                time.sleep(5)
                attempt += 1
            else:
                print(error)
                input("The API keeps failing. Press Enter to retry...")
                attempt = 0
