"""A request sent through a resource's raw-response view (`with_raw_response.create`, to
read a response header) is the same request, with the client's retries."""

import time

import openai


class Gateway:
    def __init__(self, api_key: str) -> None:
        self.client = openai.OpenAI(api_key=api_key)  # expect: RA401(warning)

    def complete(self, **params: object) -> object:
        raw = self.client.chat.completions.with_raw_response.create(**params)
        return raw.parse()

    def ask(self, prompt: str) -> object:
        for attempt in range(3):
            try:
                return self.complete(model="gpt-4o", messages=[{"role": "user", "content": prompt}])
            except openai.APIError:
                time.sleep(2**attempt)
        raise RuntimeError("no reply")
