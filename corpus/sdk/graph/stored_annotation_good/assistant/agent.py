"""The same retry layer around the kept provider, an `EchoProvider`."""

import time

from assistant.providers import EchoProvider


class Agent:
    def __init__(self, provider: "EchoProvider") -> None:
        self.provider = provider

    def ask(self, prompt: str) -> str:
        for attempt in range(3):
            try:
                return self.provider.complete(prompt)
            except Exception:
                time.sleep(2**attempt)
        return ""
