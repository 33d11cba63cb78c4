"""Near misses: the same helpers, given a process call whose argv names no agent, or an
agent's argv for a function that does not run it."""

import subprocess
import time

TRANSIENT = (subprocess.SubprocessError, OSError)


def with_backoff(func, *args, **kwargs):
    for attempt in range(3):
        try:
            return func(*args, **kwargs)
        except TRANSIENT:
            time.sleep(2**attempt)
    raise RuntimeError("gave up")


def first_word(words, *rest):
    return words[0]
