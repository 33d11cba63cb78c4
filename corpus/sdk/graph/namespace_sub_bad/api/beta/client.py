from openai import OpenAI

from ..base import Provider


class Client(Provider):
    def __init__(self) -> None:
        self.client = OpenAI(base_url="https://beta.example/v1")  # expect: RA401

    def send(self, prompt: str) -> str:
        reply = self.client.chat.completions.create(model="b-1", messages=[prompt])
        return reply.choices[0].message.content
