"""A near miss: a daemon's poll loop pauses after a success and backs off after a failure,
and either pause ends the loop when it is asked to stop: each poll takes new work (a
failed item is marked failed and skipped), the loop only paces them."""

import subprocess
import threading

shutdown = threading.Event()


def poll_once(queue_dir: str) -> None:
    subprocess.run(["claude", "-p", f"Work on the next item in {queue_dir}"], check=True)


def run_daemon(queue_dir: str, interval: float = 60.0) -> None:
    failures = 0
    while not shutdown.is_set():
        try:
            poll_once(queue_dir)
            failures = 0
        except Exception:
            failures += 1
            if shutdown.wait(timeout=min(2**failures, 300)):
                break
            continue
        if shutdown.wait(timeout=interval):
            break
