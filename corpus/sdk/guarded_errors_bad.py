"""The retried tuple is bound in both arms of a guarded import: the SDK's transient
errors when it is installed, builtins else. The loop retries what the SDK retried
already."""

import time

try:
    from openai import APIConnectionError, OpenAI, RateLimitError
except ImportError:  # pragma: no cover
    OpenAI = None
    APIConnectionError = RateLimitError = ()

if isinstance(RateLimitError, type):
    TRANSIENT = (RateLimitError, APIConnectionError, TimeoutError)
else:
    TRANSIENT = (TimeoutError, ConnectionError)


class Answerer:
    def __init__(self) -> None:
        self.client = OpenAI()  # expect: RA401(warning)

    def ask(self, prompt: str) -> str:
        for attempt in range(3):
            try:
                reply = self.client.responses.create(model="gpt-4o-mini", input=prompt)
                return reply.output_text
            except TRANSIENT:
                time.sleep(2**attempt)
        raise RuntimeError("no answer")
