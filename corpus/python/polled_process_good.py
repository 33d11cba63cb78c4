"""Near misses for RA203: a process polled until it ends, whose status is then read
(`poll()` compared with 0, `returncode` tested)."""

import subprocess
import time


def run_until_done(prompt):
    process = subprocess.Popen(["claude", "-p", prompt], stdout=subprocess.DEVNULL)
    while process.poll() is None:
        time.sleep(1)
    if process.poll() != 0:
        raise RuntimeError("claude failed")


def wait_for_review(prompt):
    review = subprocess.Popen(["codex", "exec", prompt])
    while review.returncode is None:
        review.poll()
        time.sleep(1)
    return review.returncode == 0
