"""A retry decorator written as a method of the runner's class, applied in the class as
`@self._retry` to the step that launches the agent."""

import subprocess
import time
from functools import wraps


class Runner:
    def _retry(self, func):
        @wraps(func)
        def wrapper(*args, **kwargs):
            for attempt in range(3):
                try:
                    return func(*args, **kwargs)
                except Exception:
                    time.sleep(2**attempt)
            raise RuntimeError("gave up")

        return wrapper

    def run(self, task: str) -> None:
        @self._retry  # expect: RA301(error)
        def attempt() -> None:
            subprocess.run(["claude", "-p", task], check=True)

        attempt()
