"""The SDK's class is read with `getattr` (an SDK that may lack it), then constructed."""

import time

try:
    import anthropic
except ImportError:
    anthropic = None


class AnthropicLLM:
    def __init__(self, api_key: str, max_retries: int = 3) -> None:
        client_class = getattr(anthropic, "Anthropic", None) or getattr(anthropic, "Client", None)
        self.client = client_class(api_key=api_key)  # expect: RA401(warning)
        self.max_retries = max_retries

    def generate(self, kwargs: dict) -> str:
        for attempt in range(1, self.max_retries + 1):
            try:
                return self.client.messages.create(**kwargs).content[0].text
            except Exception:
                if attempt == self.max_retries:
                    raise
                time.sleep(2**attempt)
        raise RuntimeError("unreachable")
