"""The retry layer: every failure, three times, around the kept provider's request."""

import time

from assistant.providers import OpenAIProvider


class Agent:
    def __init__(self, provider: "OpenAIProvider") -> None:
        self.provider = provider

    def ask(self, prompt: str) -> str:
        for attempt in range(3):
            try:
                return self.provider.complete(prompt)
            except Exception:
                time.sleep(2**attempt)
        return ""
