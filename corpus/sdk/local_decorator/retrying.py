"""The project's own retry decorator: it re-sends on the errors it is given."""

import time
from collections.abc import Callable
from typing import Any


def retry(max_retries: int = 3, retryable_exceptions: tuple[type[Exception], ...] = ()) -> Any:
    def decorator(func: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            for attempt in range(max_retries + 1):
                try:
                    return func(*args, **kwargs)
                except retryable_exceptions:
                    if attempt == max_retries:
                        raise
                    time.sleep(2**attempt)
            return None

        return wrapper

    return decorator
