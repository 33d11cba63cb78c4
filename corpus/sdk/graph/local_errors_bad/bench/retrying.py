import time


def call_with_retries(send, params, rate_limit_errors, api_errors, max_retries=10):
    for attempt in range(max_retries):
        try:
            return send(**params)
        except rate_limit_errors:
            time.sleep(min(60, 2**attempt))
        except api_errors:
            time.sleep(1)
    raise RuntimeError("no attempt succeeded")
