"""RA301: the same kind of helper, but it also retries the run's own failure
(any `Exception`, the `CalledProcessError` of `check=True` among them): a failed run
starts over."""
import subprocess
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def spawn_or_rerun(run: Callable[[], T], attempts: int = 3) -> T:
    for attempt in range(attempts):
        try:
            return run()
        except (BlockingIOError, Exception):
            if attempt == attempts - 1:
                raise
            time.sleep(2**attempt)
    raise RuntimeError("unreachable")


def fix(task: str) -> str:
    argv = ["claude", "-p", task, "--permission-mode", "acceptEdits"]
    return spawn_or_rerun(lambda: subprocess.run(argv, check=True, capture_output=True, text=True).stdout)  # expect: RA301(error)
