"""Near misses: loops where no failure goes round by a way of its own. Every failure ends
the loop; or a timed-out run goes round the way a success does (a Ralph loop that
tolerates timeouts, pausing or not); or a scheduled job that stops only when its
credentials are refused and otherwise runs again the next day whatever its status."""
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
    while iteration <= limit:
        rc = iterate(prompt)
        if rc != 0:  # a timeout ends it too
            break
        iteration += 1


def ralph_tolerating_timeouts(prompt: str, limit: int = 10) -> None:
    iteration = 1
    while iteration <= limit:
        rc = iterate(prompt)
        if rc != 0 and rc != 124:
            break
        iteration += 1


def ralph_with_pause(prompt: str) -> None:
    for _ in range(20):
        rc = iterate(prompt)
        if rc == 124:
            time.sleep(30)
        elif rc != 0:
            raise SystemExit(f"the agent failed with exit {rc}")


def nightly(prompt: str) -> None:
    while True:
        rc = subprocess.run(["gptme", "--non-interactive", prompt], check=False).returncode
        if rc == 76:
            break  # the credentials were refused: a person must act
        time.sleep(86400)
