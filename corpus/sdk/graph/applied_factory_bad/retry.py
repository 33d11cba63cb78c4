import functools
from typing import Any, Callable


class RetryConfig:
    def __init__(
        self,
        max_retries: int = 3,
        retryable_exceptions: tuple[type[Exception], ...] = (Exception,),
    ) -> None:
        self.max_retries = max_retries
        self.retryable_exceptions = retryable_exceptions


def async_retry(config: RetryConfig | None = None) -> Callable[..., Any]:
    if config is None:
        config = RetryConfig()

    def decorator(func: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(func)
        async def wrapper(*args: Any, **kwargs: Any) -> Any:
            for attempt in range(config.max_retries + 1):
                try:
                    return await func(*args, **kwargs)
                except config.retryable_exceptions:
                    if attempt >= config.max_retries:
                        raise
            return None

        return wrapper

    return decorator
