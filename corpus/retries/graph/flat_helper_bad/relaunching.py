"""A flat checkout (no `__init__.py`): a generic retry helper, and the steps given to it
by `jobs.py`. A launcher of the module is reported here, at the loop that re-runs it."""

import time


def relaunch_on_error(step, attempts, *args):
    for attempt in range(attempts):  # expect: RA301
        try:
            return step(*args)
        except Exception:
            time.sleep(2**attempt)
    raise RuntimeError("gave up")
