"""Near miss: the `except` calls a method that only logs, and `generate` returns a
fallback, so no failure reaches the backoff decorator and nothing is sent twice."""

import backoff
from openai import OpenAI


class Writer:
    def __init__(self) -> None:
        self.client = OpenAI()

    def _report(self, error: Exception) -> None:
        print(f"request failed: {error}")

    def generate(self, prompt: str) -> str:
        try:
            reply = self.client.chat.completions.create(
                model="gpt-4.1-mini", messages=[{"role": "user", "content": prompt}]
            )
        except Exception as error:
            self._report(error)
            return ""
        return reply.choices[0].message.content or ""


@backoff.on_exception(backoff.expo, Exception, max_tries=3)
def write(writer: Writer, prompt: str) -> str:
    return writer.generate(prompt)
