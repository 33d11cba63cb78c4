from openai import AzureOpenAI

from .base import Provider


class AzureProvider(Provider):
    @property
    def client(self) -> AzureOpenAI:
        if self._client is None:
            self._client = AzureOpenAI(api_version="2024-06-01")  # expect: RA401
        return self._client

    def generate(self, prompt: str) -> str:
        return super().generate(prompt.strip())
