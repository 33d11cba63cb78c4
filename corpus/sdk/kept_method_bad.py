"""RA401: the provider keeps the client's request method in an attribute
(`self.completion_fn = self.client.chat.completions.create`) and calls it through that
attribute under a retry decorator: each call is a request of the client, which keeps
the SDK's default retries."""

from openai import OpenAI
from tenacity import retry, stop_after_attempt, wait_exponential


class Provider:
    def __init__(self, api_key: str) -> None:
        self.client = OpenAI(api_key=api_key)  # expect: RA401(warning)
        self.completion_fn = self.client.chat.completions.create

    @retry(stop=stop_after_attempt(4), wait=wait_exponential(min=1, max=20))
    def complete(self, prompt: str) -> str:
        response = self.completion_fn(model="gpt-4o", messages=[{"role": "user", "content": prompt}])
        return response.choices[0].message.content or ""
