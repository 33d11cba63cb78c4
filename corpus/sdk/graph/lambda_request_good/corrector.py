import os
import time
from collections.abc import Callable
from typing import TypeVar

from openai import AsyncOpenAI, OpenAI

from lambda_request_good.backoff import acall_with_retry, call_with_backoff

T = TypeVar("T")


def timed(operation: Callable[[], T]) -> T:
    started = time.monotonic()
    try:
        return operation()
    finally:
        print(f"took {time.monotonic() - started:.1f}s")


class Corrector:
    def __init__(self) -> None:
        self._client = OpenAI(api_key=os.environ["OPENAI_API_KEY"], max_retries=0)
        self._plain = OpenAI()

    def correct(self, text: str) -> str:
        response = call_with_backoff(
            lambda: self._client.chat.completions.create(
                model="gpt-4o-mini", messages=[{"role": "user", "content": text}]
            )
        )
        return response.choices[0].message.content or ""

    def label(self, text: str) -> str:
        response = timed(
            lambda: self._plain.chat.completions.create(
                model="gpt-4o-mini", messages=[{"role": "user", "content": f"Label: {text}"}]
            )
        )
        return response.choices[0].message.content or ""


async def summarise(text: str) -> str:
    client = AsyncOpenAI(max_retries=0)
    response = await acall_with_retry(
        lambda: client.chat.completions.create(
            model="gpt-4o-mini", messages=[{"role": "user", "content": f"Summarise: {text}"}]
        )
    )
    return response.choices[0].message.content or ""
