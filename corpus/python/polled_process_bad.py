"""RA203: a process polled only to learn whether it has ended (`poll() is not None`)
has its status read by nothing: a failed run ends the loop as a finished one does."""

import subprocess
import time


def run_until_done(prompt, seconds):
    process = subprocess.Popen(["claude", "-p", prompt], stdout=subprocess.DEVNULL)  # expect: RA203(warning)
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        if process.poll() is not None:
            break
        time.sleep(1)
    print("agent finished")


def wait_for_review(prompt):
    review = subprocess.Popen(["codex", "exec", prompt])  # expect: RA203(warning)
    while review.returncode is None:
        review.poll()
        time.sleep(1)
    return "reviewed"
