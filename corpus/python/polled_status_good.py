"""A near miss: the same streaming launcher, whose caller reads the status it returns;
and one that tells a failure apart itself (it raises), whose caller has nothing to read."""

import subprocess
import time


def run_codex(prompt: str) -> int:
    process = subprocess.Popen(["codex", "exec", prompt], stdout=subprocess.PIPE, text=True)
    while process.poll() is None:
        time.sleep(0.1)
    return process.returncode


def run_checked(prompt: str) -> int:
    process = subprocess.Popen(["codex", "exec", prompt])
    while process.poll() is None:
        time.sleep(0.1)
    if process.returncode != 0:
        raise RuntimeError(f"codex exited {process.returncode}")
    return process.returncode


def handle(message: str) -> None:
    if run_codex(message) != 0:
        raise SystemExit("codex failed")
    run_checked(message)
