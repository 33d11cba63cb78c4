"""RA301 around steps, where the retry layer tests the failure before going on."""

import asyncio
import subprocess
import time

import tenacity
from claude_agent_sdk import query
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


def _is_transient(exc):
    """Whether a failure's message names a transient condition (a local tuple of markers)."""
    message = str(exc).lower()
    markers = ("rate limit", "429", "overloaded", "timed out")
    return any(marker in message for marker in markers)


def run_gptme(prompt):
    return subprocess.run(["gptme", "--non-interactive", prompt], check=True)


# A helper of this module: the predicate's result is kept in a name and tested after
# (warning, at the call that gives the helper its step, as at a decorator's application).
def with_transient_retries(fn, prompt):
    for attempt in range(1, 4):
        try:
            return fn(prompt)
        except Exception as exc:
            retryable = _is_transient(exc)
            if not retryable or attempt >= 3:
                raise
            time.sleep(2**attempt)
    return None


def fix_when_busy():
    return with_transient_retries(run_gptme, "fix the failing test")  # expect: RA301(warning)



async def _ask_judge(prompt):
    texts = []
    async for message in query(prompt=prompt):
        texts.append(str(message))
    return "".join(texts)


async def with_transient_retries_async(fn, prompt):
    for attempt in range(3):
        try:
            return await fn(prompt)
        except Exception as exc:
            if not _is_transient(exc):
                raise
            await asyncio.sleep(2**attempt)
    return None


# An Agent SDK step given to a helper of this module: the call that gives it the step is
# where it is re-run (one finding, there, not at the helper's loop).
async def judge(prompt):
    return await with_transient_retries_async(_ask_judge, prompt)  # expect: RA301(warning)
