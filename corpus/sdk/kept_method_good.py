"""Near miss for RA401: the request method is kept in an attribute and called through it
under a retry decorator, but the client is built with the SDK's retries off."""

from openai import OpenAI
from tenacity import retry, stop_after_attempt, wait_exponential


class Provider:
    def __init__(self, api_key: str) -> None:
        self.client = OpenAI(api_key=api_key, max_retries=0)
        self.completion_fn = self.client.chat.completions.create

    @retry(stop=stop_after_attempt(4), wait=wait_exponential(min=1, max=20))
    def complete(self, prompt: str) -> str:
        response = self.completion_fn(model="gpt-4o", messages=[{"role": "user", "content": prompt}])
        return response.choices[0].message.content or ""
