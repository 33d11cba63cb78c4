"""The `retry` package's decorator (`@retry.retry(tries=3)`: every exception, 3 tries)
over a function that sends through a client given as an argument, built with the SDK's
default retries: each try fans out into the SDK's own 3 sends (RA401 at the client)."""

import argparse

import anthropic
import retry


@retry.retry(tries=3, delay=2)
def plan(client: anthropic.Anthropic, idea: str) -> str:
    reply = client.messages.create(
        model="claude-sonnet-4-5", max_tokens=2048, messages=[{"role": "user", "content": idea}]
    )
    return reply.content[0].text


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("idea")
    client = anthropic.Anthropic()  # expect: RA401
    print(plan(client, parser.parse_args().idea))
