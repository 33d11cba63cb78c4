"""Near misses: loops that go round after a success only. Every failure ends the loop,
or the loop goes on whatever the status (new work each time, no test of it)."""
import subprocess


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


def ralph_stopping_on_any_failure(prompt: str) -> None:
    for _ in range(20):
        rc = iterate(prompt)
        if rc == 124:
            raise SystemExit("the agent timed out")
        elif rc != 0:
            raise SystemExit(f"the agent failed with exit {rc}")
