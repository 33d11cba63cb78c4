"""One helper handed a step by one caller and a process call with an agent's argv by
another (the step's caller first): both re-runs are reported, the step where it is
handed, the process at the helper's loop."""

import subprocess
import time

from agents import Runner


def call_with_retries(func, *args, **kwargs):
    for attempt in range(3):  # expect: RA301(error)
        try:
            return func(*args, **kwargs)
        except Exception:
            time.sleep(2**attempt)
    raise RuntimeError("gave up")


def review(agent, diff):
    return call_with_retries(Runner.run_sync, agent, diff)  # expect: RA301(error)


def fix(prompt):
    return call_with_retries(subprocess.run, ["codex", "exec", prompt], check=True)
