"""A retry decorator applied as a call to a method that sends nothing."""

import json
from pathlib import Path

from openai import OpenAI
from tenacity import retry, stop_after_attempt


def with_retry(fn):
    return retry(stop=stop_after_attempt(3))(fn)


class Judge:
    def __init__(self, model: str, rubric: Path) -> None:
        self.model = model
        self.rubric = rubric
        self.client = OpenAI()
        self._load_with_retry = with_retry(self._load_rubric)

    def _load_rubric(self) -> str:
        return json.loads(self.rubric.read_text())["system"]

    def judge(self, prompt: str) -> str:
        system = self._load_with_retry()
        response = self.client.chat.completions.create(
            model=self.model,
            messages=[{"role": "system", "content": system}, {"role": "user", "content": prompt}],
        )
        return response.choices[0].message.content or ""
