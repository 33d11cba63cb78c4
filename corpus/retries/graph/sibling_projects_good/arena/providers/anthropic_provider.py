"""A provider whose client keeps its default retries; nothing in its project retries it."""

import anthropic

from providers.base import Provider


class AnthropicProvider(Provider):
    def __init__(self) -> None:
        self.client = anthropic.Anthropic()

    def run(self, prompt: str) -> str:
        reply = self.client.messages.create(
            model="claude-sonnet-4-5", max_tokens=512, messages=[{"role": "user", "content": prompt}]
        )
        return str(reply.content[0])
