"""Near misses: a Ralph loop whose failure branch only reports the exit and goes on with
the next iteration as a success does (new work, not a retry), and a loop whose failure
branch leaves."""

import subprocess
import sys


def ralph(prompt: str, iterations: int) -> int:
    for i in range(1, iterations + 1):
        proc = subprocess.run(["claude", "-p", prompt], capture_output=True, text=True)
        if "<promise>COMPLETE</promise>" in proc.stdout:
            return 0
        if proc.returncode != 0:
            print(f"claude exited with {proc.returncode} on iteration {i}", file=sys.stderr)
    return 1


def score(prompt: str) -> str | None:
    while True:
        proc = subprocess.run(["codex", "exec", prompt], capture_output=True, text=True)
        if proc.returncode != 0:
            return None
        if "SCORE:" not in proc.stdout:
            continue  # the answer had no score: ask again
        return proc.stdout


def valid(text: str) -> bool:
    return "SCORE:" in text


def review(prompt: str) -> str | None:
    """A failure is logged and goes on as a success does; only an answer without a score
    is asked again (the logging branch is left behind where the paths join)."""
    for _ in range(3):
        proc = subprocess.run(["claude", "-p", prompt], capture_output=True, text=True)
        if proc.returncode != 0:
            print(f"claude exited with {proc.returncode}", file=sys.stderr)
        if not valid(proc.stdout):
            continue
        return proc.stdout
    return None


def worker(queue: list[str]) -> None:
    """Takes new work each time round, whatever the last run did."""
    while True:
        if not queue:
            break
        task = queue.pop()
        proc = subprocess.run(["codex", "exec", task], capture_output=True, text=True)
        if proc.returncode != 0:
            print(f"{task} failed", file=sys.stderr)
            continue
        print(proc.stdout)
        continue
