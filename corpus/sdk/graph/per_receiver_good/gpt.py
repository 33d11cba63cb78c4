from openai import OpenAI

from .base import Chatbot


class GPT(Chatbot):
    def new_client(self):
        return OpenAI()

    def complete(self, prompt: str) -> str:
        response = self.client.chat.completions.create(
            model=self.model, messages=[{"role": "user", "content": prompt}]
        )
        return response.choices[0].message.content or ""
