"""Near miss of retry_package_bad.py: the same `@retry.retry(tries=3)` layer over a
client built with the SDK's retries off, so the package's tries are the only ones."""

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
    client = anthropic.Anthropic(max_retries=0)
    print(plan(client, parser.parse_args().idea))
