"""RA203 at the call: a function of the module runs the agent and returns its exit
status (or its result), and the caller drops it, or binds it to a name nothing reads, or
reads it only after a `while True` loop that never ends."""

import subprocess
import sys


def run_agent(task: str) -> int:
    proc = subprocess.Popen(["claude", "-p", task], stdout=subprocess.PIPE, text=True)
    for line in proc.stdout or ():
        print(line, end="")
    proc.wait()
    return proc.returncode


def review(diff: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["codex", "exec", f"Review {diff}"], capture_output=True, text=True)


def nightly() -> None:
    run_agent("Tidy the changelog")  # expect: RA203(warning)
    outcome = review("HEAD~1..HEAD")  # expect: RA203(warning)
    print("reviewed")


def forever() -> None:
    exit_code = 0
    while True:
        exit_code = run_agent("Work on the next task")  # expect: RA203(warning)
    sys.exit(exit_code)
