"""RA301: a service loop that, on a success, waits for its next poll (and stops when
asked), but after a failure jumps round at once, past that pause, with no way out: the
failed run is made again right away, forever."""

import subprocess
import threading
import time

stopping = threading.Event()


def poll(task: str) -> None:
    subprocess.run(["codex", "exec", "--full-auto", task], check=True)


def serve(task: str, interval: float = 300.0) -> None:
    while not stopping.is_set():  # expect: RA301(error)
        try:
            poll(task)
        except Exception:
            time.sleep(5)
            continue
        if stopping.wait(timeout=interval):
            break
