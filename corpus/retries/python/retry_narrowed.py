"""RA301 around steps, where the retry layer tests the failure before going on."""

import subprocess
import time

import tenacity
from gptme.chat import step


def retry_when_busy(tries: int = 4):
    """A decorator of this module that re-raises everything but a busy server."""

    def decorate(func):
        def wrapper(*args, **kwargs):
            for attempt in range(tries):
                try:
                    return func(*args, **kwargs)
                except Exception as exc:
                    if "overloaded" not in str(exc).lower():
                        raise
                    time.sleep(2**attempt)
            return None

        return wrapper

    return decorate


# Narrowed by its test on the message: still a re-run of the whole step (warning).
@retry_when_busy()  # expect: RA301(warning)
def turn_when_busy(log):
    return list(step(log, stream=False))


# Catches every exception, but goes on only on an overloaded server (warning, not error).
def turn_in_loop(log):
    for attempt in range(3):  # expect: RA301(warning)
        try:
            return list(step(log, stream=False))
        except Exception as exc:
            if "overloaded" in str(exc):
                time.sleep(attempt)
                continue
            raise
    return []


# Near miss: every failure is caught and returned, so the decorator never retries.
@tenacity.retry(stop=tenacity.stop_after_attempt(3))
def run_agent_once(prompt):
    try:
        return subprocess.run(["gptme", "--non-interactive", prompt], check=True).returncode
    except Exception as exc:
        print(f"agent failed: {exc}")
        return 1


# Near miss: the same for a step.
@tenacity.retry(stop=tenacity.stop_after_attempt(3))
def turn_or_error(log):
    try:
        return list(step(log, stream=False))
    except Exception as exc:
        return [exc]
