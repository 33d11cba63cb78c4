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
