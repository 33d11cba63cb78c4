"""A loop whose `except` goes round only on a rate limit, and raises anything else,
retries rate limits, which the SDK retries too (the client is built lazily, and the
loop reads it through a getter)."""

import time

import anthropic


class ApiRunner:
    def __init__(self, api_key):
        self.api_key = api_key
        self._client = None

    def _get_client(self):
        if self._client is None:
            self._client = anthropic.Anthropic(api_key=self.api_key)  # expect: RA401(warning)
        return self._client

    def run(self, prompt):
        client = self._get_client()
        while True:
            try:
                return client.messages.create(model="m", max_tokens=9, messages=[prompt])
            except anthropic.APIStatusError as error:
                if error.status_code == 429:
                    time.sleep(30)
                    continue
                raise
