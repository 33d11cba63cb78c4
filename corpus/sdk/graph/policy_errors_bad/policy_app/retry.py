import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass
class RetryPolicy:
    attempts: int = 3
    backoff: float = 0.5
    retry_on: tuple[type[BaseException], ...] = (Exception,)


def run_with_retry(fn: Callable[[], Any], policy: RetryPolicy | None) -> Any:
    if policy is None or policy.attempts <= 1:
        return fn()
    last: BaseException | None = None
    for attempt in range(1, policy.attempts + 1):
        try:
            return fn()
        except policy.retry_on as exc:
            last = exc
            if attempt >= policy.attempts:
                break
            time.sleep(policy.backoff * attempt)
    assert last is not None
    raise last
