import anthropic
from tenacity import retry, stop_after_attempt, wait_exponential


class Runner:
    def __init__(self, attempts: int) -> None:
        self.attempts = attempts
        self.client = anthropic.Anthropic()  # expect: RA401(warning)

    def _make_retry(self):
        return retry(stop=stop_after_attempt(self.attempts), wait=wait_exponential(), reraise=True)

    def run(self, prompt: str) -> str:
        retrying = self._make_retry()

        @retrying
        def _call():
            return self.client.messages.create(
                model="claude-sonnet-4-5", max_tokens=512, messages=[{"role": "user", "content": prompt}]
            )

        return _call().content[0].text
