import openai

from callable_arg_bad.retrying import with_retry


class Judge:
    def __init__(self, model: str) -> None:
        self.model = model
        self.client = openai.OpenAI()  # expect: RA401(warning)

    def _call_api(self, prompt: str) -> str:
        response = self.client.chat.completions.create(
            model=self.model, messages=[{"role": "user", "content": prompt}]
        )
        return response.choices[0].message.content or ""

    def judge(self, prompt: str) -> str:
        return with_retry(lambda: self._call_api(prompt))
