"""Near miss: a helper that retries only `BlockingIOError`, which `subprocess` raises when
fork or posix_spawn hits the process limit (EAGAIN): the agent never started, so trying
again repeats nothing."""
import subprocess
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def spawn_with_eagain_retry(spawn: Callable[[], T], attempts: int = 5) -> T:
    delay = 0.5
    for attempt in range(attempts):
        try:
            return spawn()
        except BlockingIOError:
            if attempt == attempts - 1:
                raise
            time.sleep(delay)
            delay *= 2
    raise RuntimeError("unreachable")


def start_worker(task: str) -> subprocess.Popen[str]:
    argv = ["claude", "-p", task, "--permission-mode", "acceptEdits"]
    return spawn_with_eagain_retry(lambda: subprocess.Popen(argv, text=True))
