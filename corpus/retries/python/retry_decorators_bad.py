"""Retry libraries and hand-rolled retry decorators around agent steps (RA301)."""

import functools
import time

import backoff
import retrying
import stamina
import tenacity
from gptme.chat import step
from gptme.tools import ToolUse, execute_msg
from tenacity import retry, retry_if_exception_type, stop_after_attempt


@retry(stop=stop_after_attempt(5))  # expect: RA301(error)
def run_turn(log, workspace):
    for msg in step(log, stream=False, confirm=lambda _: True, workspace=workspace):
        log.append(msg)


@tenacity.retry  # expect: RA301(error)
def run_tools(msg, confirm):
    return list(execute_msg(msg, confirm))


@backoff.on_exception(backoff.expo, Exception, max_tries=4)  # expect: RA301(error)
def run_tool(tooluse: ToolUse, confirm):
    return list(tooluse.execute(confirm))


@retrying.retry(stop_max_attempt_number=3)  # expect: RA301(error)
def turn_with_retrying(log):
    return list(step(log, stream=False))


@stamina.retry(on=Exception, attempts=3)  # expect: RA301(error)
def turn_with_stamina(log):
    return list(step(log, stream=False))


# Narrowed to transient errors: still a re-run of the whole step (warning).
@retry(retry=retry_if_exception_type(TimeoutError), stop=stop_after_attempt(3))  # expect: RA301(warning)
def turn_on_timeouts(log):
    return list(step(log, stream=False))


def turn_in_retrying_loop(log):
    for attempt in tenacity.Retrying(stop=stop_after_attempt(3)):  # expect: RA301(error)
        with attempt:
            return list(step(log, stream=False))


def tools_in_stamina_loop(msg, confirm):
    for attempt in stamina.retry_context(on=ConnectionError, attempts=5):  # expect: RA301(warning)
        with attempt:
            return list(execute_msg(msg, confirm))


# A retry decorator written here, like gptme's own `retry_on_overloaded`.
def retry_on_failure(max_retries: int = 5, base_delay: float = 1.0):
    def decorator(func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            for attempt in range(max_retries):
                try:
                    return func(*args, **kwargs)
                except Exception:
                    if attempt == max_retries - 1:
                        raise
                    time.sleep(base_delay * 2**attempt)

        return wrapper

    return decorator


@retry_on_failure(max_retries=3)  # expect: RA301(error)
def turn_with_own_decorator(log):
    return list(step(log, stream=False))


# A decorator applied to the step function itself.
retried_step = retry(stop=stop_after_attempt(3))(step)  # expect: RA301(error)
