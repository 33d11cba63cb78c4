"""RA401: the send's `except` ends by calling a method that logs and re-raises, so every
failure leaves `generate` and the backoff decorator around its caller sends again, on
top of the client's own default retries."""

import backoff
from openai import OpenAI


class Writer:
    def __init__(self) -> None:
        self.client = OpenAI()  # expect: RA401(warning)

    def _report(self, error: Exception) -> None:
        print(f"request failed: {error}")
        raise

    def generate(self, prompt: str) -> str:
        try:
            reply = self.client.chat.completions.create(
                model="gpt-4.1-mini", messages=[{"role": "user", "content": prompt}]
            )
        except Exception as error:
            self._report(error)
        return reply.choices[0].message.content or ""


@backoff.on_exception(backoff.expo, Exception, max_tries=3)
def write(writer: Writer, prompt: str) -> str:
    return writer.generate(prompt)
