"""RA401: a Groq client wrapped for structured output (`instructor.from_groq`) sends its
requests with its own retries, under the loop's."""

import time

import instructor
from groq import Groq
from pydantic import BaseModel


class Answer(BaseModel):
    text: str


client = instructor.from_groq(Groq())  # expect: RA401(warning)


def structured(prompt: str, attempts: int = 4) -> Answer:
    for attempt in range(attempts):
        try:
            return client.chat.completions.create(model="m", response_model=Answer, messages=[])
        except Exception:
            time.sleep(2**attempt)
    raise RuntimeError("gave up")
