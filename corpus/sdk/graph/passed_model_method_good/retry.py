import time


def call_step_with_retries(invoke_fn, *args, max_retries: int = 3, **kwargs):
    last: Exception | None = None
    for attempt in range(max_retries):
        try:
            return invoke_fn(*args, **kwargs)
        except Exception as error:
            last = error
            time.sleep(2**attempt)
    raise RuntimeError("the step did not finish") from last


def call_logged_once(invoke_fn, *args):
    print("calling", invoke_fn)
    return invoke_fn(*args)
