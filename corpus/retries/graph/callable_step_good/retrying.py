import time


def with_retries(fn, *args, attempts=3, **kwargs):
    for attempt in range(attempts):
        try:
            return fn(*args, **kwargs)
        except Exception:
            time.sleep(2**attempt)
    raise RuntimeError("gave up")


def once(fn, *args):
    for _ in range(3):
        try:
            return fn(*args)
        except Exception:
            raise
    return None
