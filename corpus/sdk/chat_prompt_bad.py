"""RA401: the message is read once, before the loop, and the loop sends that same message
again after each failure: a retry, under the SDK's own."""

import time

import anthropic

client = anthropic.Anthropic()  # expect: RA401


def ask() -> str:
    return input("> ")


def chat_once() -> str:
    message = ask()
    while True:
        try:
            reply = client.messages.create(model="m", max_tokens=512, messages=[message])
            return reply.content[0].text
        except anthropic.APIError as error:
            print(f"API error: {error}, trying again")
            time.sleep(5)
