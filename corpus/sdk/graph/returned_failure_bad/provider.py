from dataclasses import dataclass

from anthropic import Anthropic

client = Anthropic()  # expect: RA401(warning)


@dataclass
class Answer:
    ok: bool
    text: str = ""
    error: str = ""


def ask(prompt: str) -> Answer:
    try:
        reply = client.messages.create(
            model="claude-sonnet-4-5", max_tokens=512, messages=[{"role": "user", "content": prompt}]
        )
    except Exception as exc:
        return Answer(ok=False, error=str(exc))
    return Answer(ok=True, text=reply.content[0].text)
