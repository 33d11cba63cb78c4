"""RA401: the retrying helper of another module is given the SDK's rate-limit and
connection errors through local names of the caller, so it re-sends what the client
retries already."""

import anthropic

from .retrying import call_with_retries


class ClaudeModel:
    def __init__(self, model_name: str) -> None:
        self.model_name = model_name
        self.client = anthropic.Anthropic()  # expect: RA401(warning)

    def __call__(self, messages: list) -> str:
        rate_limited = anthropic.RateLimitError
        api_errors = (anthropic.APIStatusError, anthropic.APIConnectionError)
        params = {"model": self.model_name, "messages": messages, "max_tokens": 512}
        response = call_with_retries(self.client.messages.create, params, (rate_limited,), api_errors)
        return response.content[0].text
