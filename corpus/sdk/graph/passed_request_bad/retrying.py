import time

import anthropic


def with_retry(fn, *args, attempts=4, **kwargs):
    for attempt in range(attempts):
        try:
            return fn(*args, **kwargs)
        except (anthropic.RateLimitError, anthropic.APIConnectionError):
            time.sleep(2**attempt)
    raise RuntimeError("gave up")
