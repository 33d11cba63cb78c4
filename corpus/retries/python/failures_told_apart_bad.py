"""Loops that tell failures apart: some end the loop, the others go round, so the run
that failed that way is run again (RA301), although a success goes round too (each
iteration takes the next piece of work, and the failed one left its piece undone)."""
import subprocess
import time


def iterate(prompt: str) -> int:
    try:
        done = subprocess.run(["claude", "-p", prompt], check=False, timeout=900)
    except subprocess.TimeoutExpired:
        return 124
    return done.returncode


def ralph(prompt: str, limit: int = 10) -> None:
    iteration = 1
    while iteration <= limit:  # expect: RA301(warning)
        rc = iterate(prompt)
        if rc != 0 and rc != 124:  # a timed-out run goes round
            break
        iteration += 1


def ralph_with_pause(prompt: str) -> None:
    for _ in range(20):  # expect: RA301(warning)
        rc = iterate(prompt)
        if rc == 124:
            time.sleep(30)
        elif rc != 0:
            raise SystemExit(f"the agent failed with exit {rc}")


def ralph_on_timeout(prompt: str) -> None:
    iteration = 1
    while iteration <= 10:  # expect: RA301(warning)
        rc = iterate(prompt)
        if rc != 0:
            if rc == 124:  # a timed-out run goes round by its own `continue`
                iteration += 1
                continue
            break
        iteration += 1
