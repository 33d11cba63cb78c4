import time


def with_retries(fn, *args, attempts=3, **kwargs):
    for attempt in range(attempts):
        try:
            return fn(*args, **kwargs)
        except Exception:
            time.sleep(2**attempt)
    raise RuntimeError("gave up")


def retry_call(attempts, fn, *args):
    for attempt in range(attempts):
        try:
            return fn(*args)
        except Exception:
            time.sleep(2**attempt)
    raise RuntimeError("gave up")


class RetryManager:
    def __init__(self, attempts=3):
        self.attempts = attempts

    def run(self, operation):
        last = None
        for _ in range(self.attempts):  # expect: RA301
            try:
                return operation()
            except Exception as error:
                last = error
        raise RuntimeError("gave up") from last
