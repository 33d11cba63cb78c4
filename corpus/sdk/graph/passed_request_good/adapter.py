import anthropic

from .retrying import with_retry


class Adapter:
    def __init__(self) -> None:
        self.client = anthropic.Anthropic()

    def complete(self, prompt: str) -> str:
        client = anthropic.Anthropic(max_retries=0)
        reply = with_retry(client.messages.create, model="m", max_tokens=64, messages=[prompt])
        return reply.content[0].text

    def render(self, text: str) -> str:
        return text.strip()

    def tidy(self, text: str) -> str:
        once = self.client.messages.create(model="m", max_tokens=64, messages=[text])
        return with_retry(self.render, once.content[0].text)
