from dataclasses import dataclass

from anthropic import Anthropic

client = Anthropic()


@dataclass
class Answer:
    ok: bool
    text: str = ""


def ask(prompt: str) -> Answer:
    reply = client.messages.create(
        model="claude-sonnet-4-5", max_tokens=512, messages=[{"role": "user", "content": prompt}]
    )
    text = reply.content[0].text
    return Answer(ok=text.startswith("LABEL:"), text=text)
