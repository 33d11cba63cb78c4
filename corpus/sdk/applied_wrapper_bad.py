"""A retry decorator applied as a call, the wrapped method stored and called later."""

from openai import OpenAI
from tenacity import retry, stop_after_attempt, wait_exponential


def with_retry(fn):
    return retry(stop=stop_after_attempt(3), wait=wait_exponential(min=2, max=10))(fn)


class Judge:
    def __init__(self, model: str) -> None:
        self.model = model
        self.client = OpenAI(base_url="https://openrouter.ai/api/v1")  # expect: RA401(warning)
        self._call_with_retry = with_retry(self._call_api)

    def _call_api(self, prompt: str):
        return self.client.chat.completions.create(
            model=self.model, messages=[{"role": "user", "content": prompt}]
        )

    def judge(self, prompt: str) -> str:
        return self._call_with_retry(prompt).choices[0].message.content or ""
