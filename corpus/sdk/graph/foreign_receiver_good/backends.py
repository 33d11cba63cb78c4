from openai import OpenAI

from .base import ChatBackend


class OpenAIBackend(ChatBackend):
    def __init__(self) -> None:
        self.client = OpenAI()  # its own retries: no retry layer of the tree runs it

    def chat(self, prompt: str) -> str:
        reply = self.client.chat.completions.create(
            model="gpt-4o", messages=[{"role": "user", "content": prompt}]
        )
        return reply.choices[0].message.content or ""
