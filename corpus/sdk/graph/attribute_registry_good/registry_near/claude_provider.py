import anthropic

from registry_near.base import BaseProvider


class ClaudeProvider(BaseProvider):
    def __init__(self) -> None:
        self.client = anthropic.Anthropic(max_retries=0)

    def generate(self, prompt: str) -> str:
        reply = self.client.messages.create(
            model="m", max_tokens=512, messages=[{"role": "user", "content": prompt}]
        )
        return reply.content[0].text
