"""A flat checkout (no `__init__.py`): a generic retry helper used for downloads only;
the agent runs once and its failure is reported."""

import time


def fetch_with_retries(fetch, attempts, *args):
    for attempt in range(attempts):
        try:
            return fetch(*args)
        except OSError:
            time.sleep(2**attempt)
    raise RuntimeError("gave up")
