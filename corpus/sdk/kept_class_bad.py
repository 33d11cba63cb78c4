"""RA401: the client's class is imported where it is needed and kept on the instance
(`self._OpenAI = OpenAI`), then called there: a construction like any other, whose
requests a retry loop sends again."""

import time


class JsonClient:
    def __init__(self, api_key: str) -> None:
        from openai import OpenAI

        self._OpenAI = OpenAI
        self._client = self._OpenAI(api_key=api_key)  # expect: RA401

    def ask(self, prompt: str) -> str:
        for attempt in range(3):
            try:
                reply = self._client.chat.completions.create(model="m", messages=[prompt])
                return reply.choices[0].message.content or ""
            except Exception:
                time.sleep(2**attempt)
        raise RuntimeError("gave up")
