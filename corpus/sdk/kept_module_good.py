"""Near miss: the instance keeps a client of its own, built with the SDK's retries off, not
the `openai` module, so the loop's are the only retries of its requests."""
import time

import openai


class OpenAIClient:
    def __init__(self, key: str) -> None:
        self._client = openai.OpenAI(api_key=key, max_retries=0)

    def ask(self, prompt: str) -> str:
        for attempt in range(3):
            try:
                response = self._client.responses.create(model="gpt-4.1", input=prompt)
                return response.output_text
            except Exception:
                time.sleep(2**attempt)
        raise RuntimeError("no answer")
