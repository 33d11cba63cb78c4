"""Near misses: a method decorator that only logs the failure (it runs the step once),
and the retrying one around a step that launches no agent."""

import logging
import subprocess
import time
from functools import wraps

log = logging.getLogger(__name__)


class Runner:
    def _logged(self, func):
        @wraps(func)
        def wrapper(*args, **kwargs):
            try:
                return func(*args, **kwargs)
            except Exception:
                log.exception("step failed")
                raise

        return wrapper

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
        @self._logged
        def attempt() -> None:
            subprocess.run(["claude", "-p", task], check=True)

        attempt()

    def fetch(self) -> None:
        @self._retry
        def pull() -> None:
            subprocess.run(["git", "pull", "--ff-only"], check=True)

        pull()
