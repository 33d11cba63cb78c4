"""A loop over the pauses between attempts: each turn runs the same agent again after
sleeping for the item, numbered or not. It is an attempt loop, as `range(n)` is."""
import subprocess
import time

BACKOFF = [5, 30, 120]


def run_agent(prompt: str) -> tuple[int, str]:
    done = subprocess.run(["claude", "-p", prompt], capture_output=True, text=True)
    return done.returncode, done.stderr


def run_with_backoff(prompt: str) -> int:
    for attempt, pause in enumerate(BACKOFF + [0]):  # expect: RA301(error)
        code, _ = run_agent(prompt)
        if code == 0:
            return 0
        print(f"attempt {attempt} failed; next in {pause}s")
        time.sleep(pause)
    return 1


def run_with_pauses(prompt: str) -> int:
    for wait in (1, 4, 16):  # expect: RA301(error)
        code, _ = run_agent(prompt)
        if code == 0:
            return 0
        time.sleep(wait * 2)
    return 1
