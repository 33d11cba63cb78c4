import dataclasses as dc
from typing import Any, Callable

import tenacity


@dc.dataclass
class Retry:
    """Retry a function until it succeeds, on the given errors."""

    exception_types: tuple[type[BaseException], ...]
    attempts: int = 4

    def __call__(self, f: Callable[..., Any]) -> Any:
        retry = tenacity.retry_if_exception_type(self.exception_types)
        stop = tenacity.stop_after_attempt(self.attempts)
        retrier = tenacity.retry(retry=retry, stop=stop)
        return retrier(f)
