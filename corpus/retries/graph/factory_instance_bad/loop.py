import time

from .executors import Executor

_executor = None


def get_executor():
    global _executor
    if _executor is None:
        _executor = Executor()
    return _executor


def run(task):
    for attempt in range(3):  # expect: RA301(error)
        try:
            return get_executor().execute(task)
        except Exception:
            time.sleep(2**attempt)
    return None
