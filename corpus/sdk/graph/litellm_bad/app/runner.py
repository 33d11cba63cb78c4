"""The orchestration's own retry loop, in another module, around the provider's chat."""

import time

from app.llm import LiteLLMProvider


def ask(provider: LiteLLMProvider, question: str) -> str:
    for attempt in range(3):
        try:
            return provider.chat([{"role": "user", "content": question}])
        except Exception:
            time.sleep(2**attempt)
    raise RuntimeError("no answer")
