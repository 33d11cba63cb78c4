from anthropic import Anthropic

from .lazy import lazy_property
from .retrying import llm_retry


class ClaudeLLM:
    def __init__(self, api_key: str) -> None:
        self.api_key = api_key

    @lazy_property
    def client(self) -> Anthropic:
        return Anthropic(api_key=self.api_key)  # expect: RA401(warning)

    @llm_retry
    def generate(self, prompt: str) -> str:
        response = self.client.messages.create(
            model="claude-sonnet-4-5",
            max_tokens=1024,
            messages=[{"role": "user", "content": prompt}],
        )
        return response.content[0].text
