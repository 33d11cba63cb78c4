"""The retried tuple is bound in both arms of a guarded import, and neither arm holds an
error the SDK retries: the loop asks again only after a refused request."""

import time

try:
    from openai import BadRequestError, OpenAI
except ImportError:  # pragma: no cover
    OpenAI = None
    BadRequestError = ()

if isinstance(BadRequestError, type):
    REFUSED = (BadRequestError, ValueError)
else:
    REFUSED = (ValueError,)


class Shortener:
    def __init__(self) -> None:
        self.client = OpenAI()

    def ask(self, prompt: str) -> str:
        for _ in range(3):
            try:
                reply = self.client.responses.create(model="gpt-4o-mini", input=prompt)
                return reply.output_text
            except REFUSED:
                prompt = prompt[: len(prompt) // 2]
                time.sleep(1)
        raise RuntimeError("no answer")
