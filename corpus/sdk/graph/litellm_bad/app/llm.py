"""A provider class sends every request through litellm with its default retries."""

import litellm


class LiteLLMProvider:
    def __init__(self, model: str) -> None:
        self.model = model

    def chat(self, messages: list[dict[str, str]]) -> str:
        reply = litellm.completion(model=self.model, messages=messages)  # expect: RA401(warning)
        return reply.choices[0].message.content or ""
