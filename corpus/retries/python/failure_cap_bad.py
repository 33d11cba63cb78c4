"""A work loop that takes the next pending task each time; a failed run leaves its task
pending, so the next iteration runs it again, up to a cap on consecutive failures (RA301)."""
import subprocess
import time


def run_agent(task):
    result = subprocess.run(["claude", "-p", task], capture_output=True)
    if result.returncode == 0:
        return True
    return False


def work(queue):
    failures = 0
    while True:  # expect: RA301(error)
        if not queue.pending():
            break
        if run_agent(queue.next()):
            failures = 0
            queue.done()
        else:
            failures += 1
            if failures >= 5:
                break
        time.sleep(10)
