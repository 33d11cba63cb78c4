import anthropic

from registry_app.base import BaseProvider


class ClaudeProvider(BaseProvider):
    def __init__(self) -> None:
        self.client = anthropic.Anthropic()  # expect: RA401(warning)

    def generate(self, prompt: str) -> str:
        reply = self.client.messages.create(
            model="m", max_tokens=512, messages=[{"role": "user", "content": prompt}]
        )
        return reply.content[0].text
