from anthropic import Anthropic

client = Anthropic()


def send(prompt):
    return client.messages.create(model="claude", max_tokens=256, messages=[prompt])
