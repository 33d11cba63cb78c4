import time

from openai import OpenAI


class Provider:
    def __init__(self) -> None:
        self._client: OpenAI | None = None

    @property
    def client(self) -> OpenAI:
        if self._client is None:
            self._client = OpenAI(max_retries=0)
        return self._client

    def _with_retries(self, operation):
        for attempt in range(4):
            try:
                return operation()
            except Exception:
                time.sleep(2**attempt)
        raise RuntimeError("the provider kept failing")

    def generate(self, prompt: str) -> str:
        def _attempt():
            messages = [{"role": "user", "content": prompt}]
            response = self.client.chat.completions.create(model="gpt-4o", messages=messages)
            return response.choices[0].message.content or ""

        return self._with_retries(_attempt)
