from openai import AzureOpenAI, OpenAI

from .base import Provider


class AzureProvider(Provider):
    @property
    def client(self) -> AzureOpenAI:
        if self._client is None:
            self._client = AzureOpenAI(api_version="2024-06-01", max_retries=0)
        return self._client

    def generate(self, prompt: str) -> str:
        return super().generate(prompt.strip())


class LocalProvider(Provider):
    @property
    def client(self) -> OpenAI:
        if self._client is None:
            self._client = OpenAI(base_url="http://localhost:8000/v1")
        return self._client

    def generate(self, prompt: str) -> str:
        messages = [{"role": "user", "content": prompt}]
        response = self.client.chat.completions.create(model="local", messages=messages)
        return response.choices[0].message.content or ""
