"""RA401: a tenacity decorator kept on the instance (`self.retrying`, made once in
`__init__`) retries each request that the client, with its default retries, already
retried."""

import tenacity
from openai import OpenAI


class Batcher:
    def __init__(self, attempts: int = 3) -> None:
        self.client = OpenAI()  # expect: RA401(warning)
        self.retrying = tenacity.retry(
            stop=tenacity.stop_after_attempt(attempts), wait=tenacity.wait_exponential()
        )

    def upload(self, path: str) -> str:
        @self.retrying
        def send() -> str:
            with open(path, "rb") as data:
                return self.client.files.create(file=data, purpose="batch").id

        return send()
