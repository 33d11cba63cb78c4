from openai import OpenAI

from .base import Provider


class OpenAIProvider(Provider):
    def __init__(self):
        self.client = OpenAI(timeout=30)  # expect: RA401

    def _send(self, prompt):
        reply = self.client.chat.completions.create(model="gpt-4o", messages=[prompt])
        return reply.choices[0].message.content
