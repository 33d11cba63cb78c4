"""Near miss of wrapped_groq_bad.py: the wrapped Groq client keeps no retries of its own."""

import time

import instructor
from groq import Groq
from pydantic import BaseModel


class Answer(BaseModel):
    text: str


client = instructor.from_groq(Groq(max_retries=0))


def structured(prompt: str, attempts: int = 4) -> Answer:
    for attempt in range(attempts):
        try:
            return client.chat.completions.create(model="m", response_model=Answer, messages=[])
        except Exception:
            time.sleep(2**attempt)
    raise RuntimeError("gave up")
