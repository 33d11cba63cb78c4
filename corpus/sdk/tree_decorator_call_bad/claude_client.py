"""A provider whose Anthropic client keeps the SDK's own retries under the base class's."""
from typing import Any

from anthropic import Anthropic
from base_client import BaseClient


class ClaudeClient(BaseClient):
    def _init_client(self) -> None:
        self.api_client = Anthropic(api_key=self.api_key, timeout=300.0)  # expect: RA401(warning)

    def _do_prompt(self, model: str, prompt: str) -> Any:
        return self.api_client.messages.create(
            model=model, max_tokens=1024, messages=[{"role": "user", "content": prompt}]
        )
