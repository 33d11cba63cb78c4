"""A retry mixin: `run()` re-runs `self._execute()`, which subclasses in pkg/jobs.py define."""

import logging
import time

log = logging.getLogger(__name__)


class RetryingTask:
    attempts = 4

    def run(self) -> bool:
        for attempt in range(self.attempts):  # expect: RA301(error)
            if self._execute() == 0:
                return True
            log.warning("%s: attempt %d failed", type(self).__name__, attempt + 1)
            time.sleep(10 * (attempt + 1))
        return False

    def _execute(self) -> int:
        raise NotImplementedError


class OneShotTask:
    def run(self) -> bool:
        ok = self._execute() == 0
        if not ok:
            log.error("%s failed", type(self).__name__)
        return ok

    def _execute(self) -> int:
        raise NotImplementedError
