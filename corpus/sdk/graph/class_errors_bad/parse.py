import json

from openai import OpenAI

from .limited import Limited


class Parsed(Limited):
    """Re-asks only when the answer is not JSON: not a failure the SDK retries."""

    RETRY_ERRORS = (ValueError,)

    def __init__(self) -> None:
        self.client = OpenAI()

    def _request(self, prompt: str) -> dict:
        reply = self.client.chat.completions.create(model="gpt-4o", messages=[prompt])
        return json.loads(reply.choices[0].message.content)
