"""Near miss: the same decorator kept on the instance, over a client whose own retries
are off, so each request is sent once per attempt of the application's layer."""

import tenacity
from openai import OpenAI


class Batcher:
    def __init__(self, attempts: int = 3) -> None:
        self.client = OpenAI(max_retries=0)
        self.retrying = tenacity.retry(
            stop=tenacity.stop_after_attempt(attempts), wait=tenacity.wait_exponential()
        )

    def upload(self, path: str) -> str:
        @self.retrying
        def send() -> str:
            with open(path, "rb") as data:
                return self.client.files.create(file=data, purpose="batch").id

        return send()
