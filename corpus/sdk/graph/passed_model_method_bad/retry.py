import time


def call_model_with_retries(invoke_fn, *args, max_retries: int = 3, **kwargs):
    last: Exception | None = None
    for attempt in range(max_retries):
        try:
            return invoke_fn(*args, **kwargs)
        except Exception as error:
            last = error
            time.sleep(2**attempt)
    raise RuntimeError("the model did not answer") from last
