import time

from .providers.claude import ClaudeProvider
from .providers.moonshot import MoonshotProvider


class ChatClient:
    def __init__(self, provider: str, model: str) -> None:
        self._provider = self._make_provider(provider, model)

    def _make_provider(self, provider: str, model: str):  # (no annotation: the lambdas decide)
        makers = {
            "claude": lambda: ClaudeProvider(model),
            "moonshot": lambda: MoonshotProvider(model),
        }
        if provider not in makers:
            raise ValueError(f"unknown provider {provider}")
        return makers[provider]()

    def ask(self, prompt: str) -> str:
        for attempt in range(4):
            try:
                return self._provider.send(prompt)
            except Exception as error:
                if not self._provider.transient(error) or attempt == 3:
                    raise
                time.sleep(2**attempt)
        return ""
