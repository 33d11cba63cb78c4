import functools
import time
from abc import ABC, abstractmethod


def retry(max_attempts: int = 3, delay: float = 2.0, exceptions: tuple = (Exception,)):
    def decorator(func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            last = None
            for attempt in range(max_attempts):
                try:
                    return func(*args, **kwargs)
                except exceptions as error:
                    last = error
                    time.sleep(delay * (attempt + 1))
            raise RuntimeError("batch results unavailable") from last

        return wrapper

    return decorator


class BatchClient(ABC):
    @abstractmethod
    def fetch_raw_results(self, batch_id: str) -> bytes: ...

    def retrieve_results(self, batch_id: str) -> list[str]:
        @retry(max_attempts=3, delay=2.0)
        def fetch() -> bytes:
            return self.fetch_raw_results(batch_id)

        return fetch().decode().splitlines()
