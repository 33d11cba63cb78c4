from anthropic import Anthropic

client = Anthropic()  # expect: RA401


def send(prompt):
    return client.messages.create(model="claude", max_tokens=256, messages=[prompt])
