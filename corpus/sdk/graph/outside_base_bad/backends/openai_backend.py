from openai import OpenAI
from platform_kit.llm import TextBackend


class OpenAIBackend(TextBackend):
    def __init__(self, model: str) -> None:
        self.model = model
        self.client = OpenAI()  # expect: RA401(warning)

    def generate(self, task: str) -> str:
        reply = self.client.chat.completions.create(
            model=self.model, messages=[{"role": "user", "content": task}]
        )
        return reply.choices[0].message.content or ""
