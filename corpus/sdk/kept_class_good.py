"""Near miss of kept_class_bad.py: the class kept on the instance is called with
`max_retries=0`, and a kept class that is not an SDK client's builds nothing to report."""

import time
from collections import OrderedDict


class JsonClient:
    def __init__(self, api_key: str) -> None:
        from openai import OpenAI

        self._OpenAI = OpenAI
        self._Cache = OrderedDict
        self._client = self._OpenAI(api_key=api_key, max_retries=0)
        self._cache = self._Cache()

    def ask(self, prompt: str) -> str:
        for attempt in range(3):
            try:
                reply = self._client.chat.completions.create(model="m", messages=[prompt])
                return reply.choices[0].message.content or ""
            except Exception:
                time.sleep(2**attempt)
        raise RuntimeError("gave up")
