"""Near miss of paused_retry_bad.py: a chat loop that reads what to send from its user
each turn (`prompt = input("> ")`): after a failure it sends what the user types next,
new work rather than a retry of the request."""

from anthropic import Anthropic

client = Anthropic()


def chat() -> None:
    while True:
        prompt = input("> ")
        try:
            reply = client.messages.create(
                model="claude-sonnet-4-5",
                max_tokens=512,
                messages=[{"role": "user", "content": prompt}],
            )
            print(reply.content[0].text)
        except Exception as error:
            print(f"error: {error}")
