import json

from anthropic import Anthropic

from .lazy import lazy_property
from .retrying import ParseError, llm_retry, parse_retry


class ClaudeLLM:
    def __init__(self, api_key: str) -> None:
        self.api_key = api_key

    @lazy_property
    def client(self) -> Anthropic:
        return Anthropic(api_key=self.api_key)

    @parse_retry
    def generate_json(self, prompt: str) -> dict[str, object]:
        response = self.client.messages.create(
            model="claude-sonnet-4-5",
            max_tokens=1024,
            messages=[{"role": "user", "content": prompt}],
        )
        try:
            return dict(json.loads(response.content[0].text))
        except ValueError as error:
            raise ParseError(str(error)) from error


class SingleShotLLM:
    def __init__(self, api_key: str) -> None:
        self.api_key = api_key

    @lazy_property
    def client(self) -> Anthropic:
        return Anthropic(api_key=self.api_key, max_retries=0)

    @llm_retry
    def generate(self, prompt: str) -> str:
        response = self.client.messages.create(
            model="claude-sonnet-4-5",
            max_tokens=1024,
            messages=[{"role": "user", "content": prompt}],
        )
        return response.content[0].text
