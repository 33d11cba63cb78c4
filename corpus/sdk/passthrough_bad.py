"""A client passed through a wrapper (`instructor.from_openai`, a tracer) or derived with
other options that set no retries (`with_options(timeout=…)`) sends its requests with its
own retries: under a retry layer, both retry."""

import time

import anthropic
import instructor
from openai import OpenAI
from pydantic import BaseModel
from tenacity import Retrying, retry, stop_after_attempt


class Verdict(BaseModel):
    passed: bool


structured = instructor.from_openai(OpenAI())  # expect: RA401(warning)
slow = OpenAI().with_options(timeout=120)  # expect: RA401(warning)


@retry(stop=stop_after_attempt(4))
def judge(answer: str) -> Verdict:
    return structured.chat.completions.create(model="m", response_model=Verdict, messages=[])


def summarise(text: str) -> str:
    for attempt in Retrying(stop=stop_after_attempt(3)):
        with attempt:
            return str(slow.responses.create(model="m", input=text))
    return ""


def ask(prompt: str) -> str:
    # goes round only on a rate limit, which the SDK retries too
    client = anthropic.Anthropic()  # expect: RA401(warning)
    while True:
        try:
            return str(client.messages.create(model="m", max_tokens=64, messages=[]))
        except Exception as error:
            if "rate" in str(error).lower():
                time.sleep(60)
                continue
            raise
