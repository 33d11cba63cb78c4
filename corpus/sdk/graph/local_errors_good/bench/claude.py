"""No RA401: the caller's local names give the retrying helper only a failure the SDK
never retries (the request was refused as malformed), so one layer retries each kind."""

import anthropic

from .retrying import call_with_retries


class ClaudeModel:
    def __init__(self, model_name: str) -> None:
        self.model_name = model_name
        self.client = anthropic.Anthropic()

    def __call__(self, messages: list) -> str:
        refused = anthropic.BadRequestError
        malformed = (anthropic.UnprocessableEntityError,)
        params = {"model": self.model_name, "messages": messages, "max_tokens": 512}
        response = call_with_retries(self.client.messages.create, params, (refused,), malformed)
        return response.content[0].text
