"""Retry helpers that call what they are given with the arguments they are given: a caller
in another module hands them `subprocess.run` and an agent's argv, so each re-runs the agent."""

import subprocess
import time

import tenacity

TRANSIENT = (subprocess.SubprocessError, OSError)


def resilient_call(func, *args, max_retries=3, **kwargs):
    # a closure forwards the enclosing function's `*args`; `max_retries` is keyword-only
    @tenacity.retry(  # expect: RA301(warning)
        stop=tenacity.stop_after_attempt(max_retries),
        retry=tenacity.retry_if_exception_type(TRANSIENT),
    )
    def attempt():
        return func(*args, **kwargs)

    return attempt()


def with_backoff(func, *args, **kwargs):
    for attempt in range(3):  # expect: RA301(warning)
        try:
            return func(*args, **kwargs)
        except TRANSIENT:
            time.sleep(2**attempt)
    raise RuntimeError("gave up")
