from openai import OpenAI

from ..base import Provider


class OpenAIProvider(Provider):
    def __init__(self):
        self.client = OpenAI()  # expect: RA401

    def complete(self, prompt):
        return self.client.chat.completions.create(model="gpt-4o", messages=[prompt])
