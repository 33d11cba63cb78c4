from openai import OpenAI

from built_near.retry import with_retry


class OpenAIProvider:
    def __init__(self) -> None:
        self.client = OpenAI()

    @with_retry(max_attempts=3)
    def embed(self, text: str) -> list[float]:
        return self.client.embeddings.create(model="m", input=text).data[0].embedding
