from typing import Any

import openai

from .retry import RetryConfig, async_retry


class OpenAIClient:
    def __init__(self, api_key: str, retry_config: RetryConfig | None = None) -> None:
        self.retry_config = retry_config or RetryConfig()
        self.client = openai.AsyncOpenAI(api_key=api_key)

    async def _make_api_request(self, messages: list[dict[str, str]]) -> Any:
        return await self.client.chat.completions.create(model="gpt-4o", messages=messages)

    async def generate(self, messages: list[dict[str, str]]) -> Any:
        retry_decorator = async_retry(config=self.retry_config)
        api_call = retry_decorator(self._make_api_request)
        return await api_call(messages)
