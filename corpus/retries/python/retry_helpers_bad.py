"""RA301 through a retry helper: a function that calls the function it is given
in a loop and swallows the failure. The launch sits in a nested function, as
runners often write it, and the helper re-runs the whole agent step."""

import subprocess
import time


def retrying(fn, tries=3, base_delay=5):
    for attempt in range(tries):
        try:
            return fn()
        except Exception:
            if attempt == tries - 1:
                raise
            time.sleep(base_delay * (attempt + 1))


def review(model, prompt):
    def call():
        p = subprocess.run(["claude", "-p", "--model", model], input=prompt, capture_output=True)
        if p.returncode != 0:
            raise RuntimeError(f"claude -p failed: {p.stderr[:500]}")
        return p.stdout

    return retrying(call)  # expect: RA301(error)


def each(items, handler):
    """Not a retry: it goes through items, one call per item."""
    for item in items:
        try:
            handler(item)
        except Exception:
            print("skipped", item)


def run_agent(task):
    subprocess.run(["gptme", "--non-interactive", task], check=True)


def main(tasks):
    each(tasks, run_agent)


def retrying_on(fn, tries=3):
    """Narrowed to two classes: a warning (a tuple is not a bare `except`)."""
    for attempt in range(tries):
        try:
            return fn()
        except (TimeoutError, ConnectionError):
            time.sleep(attempt)


def retrying_any(fn, tries=3):
    """`Exception` inside the tuple: blanket."""
    for attempt in range(tries):
        try:
            return fn()
        except (ValueError, Exception):
            time.sleep(attempt)


def summarise(prompt):
    def call():
        return subprocess.run(["claude", "-p", prompt], check=True).stdout

    first = retrying_on(call)  # expect: RA301(warning)
    return first or retrying_any(call)  # expect: RA301(error)
