"""The same provider, its litellm requests sent with the client's retries off."""

import litellm


class LiteLLMProvider:
    def __init__(self, model: str) -> None:
        self.model = model

    def chat(self, messages: list[dict[str, str]]) -> str:
        reply = litellm.completion(model=self.model, messages=messages, max_retries=0)
        return reply.choices[0].message.content or ""
