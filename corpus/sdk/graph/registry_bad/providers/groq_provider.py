from groq import Groq

from ..base import Provider


class GroqProvider(Provider):
    def __init__(self):
        self.client = Groq(max_retries=0)

    def complete(self, prompt):
        return self.client.chat.completions.create(model="llama3", messages=[prompt])
