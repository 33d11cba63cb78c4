"""Near miss: a loop that stops at a usage limit and asks its operator, on standard input,
whether to go on: each next run is the person's choice, not a retry."""
import subprocess
import sys


def run_until_done(prompt: str) -> subprocess.CompletedProcess[str]:
    argv = ["claude", "-p", prompt, "--dangerously-skip-permissions"]
    while True:
        done = subprocess.run(argv, capture_output=True, text=True)
        if done.returncode != 0 and "usage limit" in done.stdout.lower():
            print("Usage limit reached: press Enter once it resets, or q to stop.", flush=True)
            answer = sys.stdin.readline()
            if not answer or answer.strip().lower() == "q":
                return done
            continue
        return done
