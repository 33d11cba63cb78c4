"""The `openai` module's own client kept on the instance (`self._client = openai`): its
requests there are the module client's, with its default retries, under the loop's."""
import time

import openai


class OpenAIClient:
    def __init__(self, key: str) -> None:
        openai.api_key = key
        self._client = openai

    def ask(self, prompt: str) -> str:
        for attempt in range(3):
            try:
                response = self._client.responses.create(model="gpt-4.1", input=prompt)  # expect: RA401(warning)
                return response.output_text
            except Exception:
                time.sleep(2**attempt)
        raise RuntimeError("no answer")
