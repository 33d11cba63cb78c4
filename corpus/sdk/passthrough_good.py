"""Near misses: a wrapped client whose retries are off, a derived client that sets its
own retries to 0, a wrapper that is not under a retry layer, and a loop that goes round
only on an error the SDK does not retry."""

import time

import anthropic
import instructor
from openai import OpenAI
from pydantic import BaseModel
from tenacity import retry, stop_after_attempt


class Verdict(BaseModel):
    passed: bool


structured = instructor.from_openai(OpenAI(max_retries=0))
derived = OpenAI().with_options(max_retries=0)
traced = instructor.from_openai(OpenAI())


@retry(stop=stop_after_attempt(4))
def judge(answer: str) -> Verdict:
    return structured.chat.completions.create(model="m", response_model=Verdict, messages=[])


@retry(stop=stop_after_attempt(4))
def summarise(text: str) -> str:
    return str(derived.responses.create(model="m", input=text))


def once(answer: str) -> Verdict:
    return traced.chat.completions.create(model="m", response_model=Verdict, messages=[])


def ask(prompt: str) -> str:
    client = anthropic.Anthropic()
    while True:
        try:
            return str(client.messages.create(model="m", max_tokens=64, messages=[]))
        except Exception as error:
            if "content policy" in str(error).lower():
                time.sleep(1)
                continue
            raise
