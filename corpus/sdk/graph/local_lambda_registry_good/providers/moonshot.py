import openai

from llmkit.providers import Provider


class MoonshotProvider(Provider):
    def __init__(self, model: str) -> None:
        self.model = model
        self._client = openai.OpenAI(base_url="https://api.moonshot.example/v1", max_retries=0)

    def send(self, prompt: str) -> str:
        reply = self._client.chat.completions.create(
            model=self.model, messages=[{"role": "user", "content": prompt}]
        )
        return reply.choices[0].message.content or ""

    def transient(self, error: Exception) -> bool:
        return isinstance(error, openai.RateLimitError)
