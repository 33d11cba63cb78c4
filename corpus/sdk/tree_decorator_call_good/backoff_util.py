"""A retry decorator written in the project: it takes the function first, and its options
as keywords, and returns a wrapper that re-runs the function on the failures it names."""
import time
from collections.abc import Callable
from functools import wraps
from typing import Any


def retry_with_backoff(
    func: Callable[..., Any],
    max_retries: int = 3,
    retryable: tuple[type[BaseException], ...] = (Exception,),
) -> Callable[..., Any]:
    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        for attempt in range(max_retries + 1):
            try:
                return func(*args, **kwargs)
            except retryable:
                if attempt == max_retries:
                    raise
                time.sleep(2**attempt)
        raise RuntimeError("unreachable")

    return wrapper
