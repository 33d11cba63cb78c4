from dataclasses import dataclass

from anthropic import Anthropic


@dataclass
class Reply:
    text: str
    error: str | None = None


class Backend:
    def __init__(self) -> None:
        self.client = Anthropic()  # expect: RA401(warning)

    def complete(self, prompt: str) -> Reply:
        try:
            message = self.client.messages.create(
                model="claude-sonnet-4-5", max_tokens=256, messages=[{"role": "user", "content": prompt}]
            )
        except Exception as error:
            return Reply(text="", error=str(error))
        return Reply(text=message.content[0].text)
