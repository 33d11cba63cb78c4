import openai

from .base import Provider


class Hosted(Provider):
    def __init__(self):
        self.client = openai.OpenAI()

    def complete(self, prompt):
        reply = self.client.chat.completions.create(model="gpt-4o", messages=prompt)
        return reply.choices[0].message.content
