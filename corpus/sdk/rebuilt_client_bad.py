"""RA401: the retry loop builds its client again on each attempt (a longer timeout
each time) and keeps it in `self.client` for the request: that client, with the
SDK's default retries, is the one the retried requests use, so the finding is there;
the client `__init__` builds serves the same method and is a related location."""

from openai import OpenAI


class Completer:
    def __init__(self, base_url: str, api_key: str) -> None:
        self.base_url = base_url
        self.api_key = api_key
        self.client = OpenAI(base_url=base_url, api_key=api_key)

    def complete(self, prompt: str) -> str:
        reply = self.client.chat.completions.create(
            model="m", messages=[{"role": "user", "content": prompt}]
        )
        return reply.choices[0].message.content or ""

    def complete_with_fallback(self, prompt: str) -> str:
        timeouts = [10, 20]
        last_error: Exception | None = None
        for attempt in range(2):
            try:
                original = self.client
                self.client = OpenAI(  # expect: RA401(warning)
                    base_url=self.base_url, api_key=self.api_key, timeout=timeouts[attempt]
                )
                try:
                    return self.complete(prompt)
                finally:
                    self.client = original
            except Exception as error:
                last_error = error
        raise RuntimeError("every attempt failed") from last_error
