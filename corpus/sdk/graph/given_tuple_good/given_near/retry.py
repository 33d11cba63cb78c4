import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def call_with_retries(
    call: Callable[[], T], retryable: tuple[type[BaseException], ...], attempts: int = 3
) -> T:
    for attempt in range(1, attempts + 1):
        try:
            return call()
        except retryable:
            if attempt == attempts:
                raise
            time.sleep(2 ** (attempt - 1))
    raise AssertionError("unreachable")
