"""The base client exists only where the SDK is installed; its loop retries rate limits
and timeouts around `_send`, and builds the client with the SDK's own retries turned off."""

import logging
import time

try:
    import openai

    class TranslationClient:
        def __init__(self, api_key: str, attempts: int = 4) -> None:
            self.api_key = api_key
            self.attempts = attempts
            self.client: openai.OpenAI | None = None

        def _send(self, text: str) -> str:
            raise NotImplementedError

        def _connect(self) -> None:
            self.client = openai.OpenAI(api_key=self.api_key, max_retries=0)

        def translate(self, text: str) -> str:
            for attempt in range(self.attempts):
                try:
                    if self.client is None:
                        self._connect()
                    return self._send(text)
                except (openai.RateLimitError, openai.APITimeoutError):
                    time.sleep(2**attempt)
            raise RuntimeError("translation failed")

except ImportError:
    logging.debug("openai is not installed: no OpenAI translation")
