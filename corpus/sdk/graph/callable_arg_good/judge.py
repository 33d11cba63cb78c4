import json
from pathlib import Path

import openai

from callable_arg_good.retrying import with_retry


class Judge:
    def __init__(self, model: str, rubric: Path) -> None:
        self.model = model
        self.rubric = rubric
        self.client = openai.OpenAI()

    def _load_rubric(self) -> dict[str, str]:
        return json.loads(self.rubric.read_text())  # a file another process may be writing

    def judge(self, prompt: str) -> str:
        rubric = with_retry(lambda: self._load_rubric())
        response = self.client.chat.completions.create(
            model=self.model,
            messages=[
                {"role": "system", "content": rubric["system"]},
                {"role": "user", "content": prompt},
            ],
        )
        return response.choices[0].message.content or ""
