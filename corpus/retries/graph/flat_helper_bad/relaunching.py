"""A flat checkout (no `__init__.py`): a generic retry helper, and the steps given to it
by `jobs.py`. Each call that hands it a step is reported there, not at this loop."""

import time


def relaunch_on_error(step, attempts, *args):
    for attempt in range(attempts):
        try:
            return step(*args)
        except Exception:
            time.sleep(2**attempt)
    raise RuntimeError("gave up")
