import anthropic

from .retrying import with_retry


class Adapter:
    def complete(self, prompt: str) -> str:
        client = anthropic.Anthropic()  # expect: RA401
        reply = with_retry(client.messages.create, model="m", max_tokens=64, messages=[prompt])
        return reply.content[0].text
